import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font';

// A minimal RGB raster: rectangles, gradients, discs and bitmap text, clipped to the canvas.

export type Rgb = readonly [number, number, number];

export class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  set(x: number, y: number, c: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    for (let k = 0; k < 3; k++) {
      const old = this.pixels[i + k] as number;
      this.pixels[i + k] = Math.round(old + ((c[k] as number) - old) * alpha);
    }
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb, alpha = 1): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    if (alpha < 1) {
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) this.set(xx, yy, c, alpha);
      return;
    }
    for (let yy = y0; yy < y1; yy++) {
      for (let i = (yy * this.width + x0) * 3, end = (yy * this.width + x1) * 3; i < end; i += 3) {
        this.pixels[i] = c[0];
        this.pixels[i + 1] = c[1];
        this.pixels[i + 2] = c[2];
      }
    }
  }

  /** Top-to-bottom gradient, with an optional diagonal light band (a wallpaper's sheen). */
  gradient(top: Rgb, bottom: Rgb, sheen = 0): void {
    for (let y = 0; y < this.height; y++) {
      const t = this.height > 1 ? y / (this.height - 1) : 0;
      for (let x = 0; x < this.width; x++) {
        const light = 255 * sheen * Math.max(0, 1 - Math.abs(x / this.width - t * 0.8 - 0.1) * 4);
        const i = (y * this.width + x) * 3;
        for (let k = 0; k < 3; k++) {
          const from = top[k] as number;
          this.pixels[i + k] = Math.min(255, Math.round(from + ((bottom[k] as number) - from) * t + light));
        }
      }
    }
  }

  /** A filled disc with a soft one-pixel edge. */
  disc(cx: number, cy: number, r: number, c: Rgb, alpha = 1): void {
    for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++) {
      for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const cover = Math.max(0, Math.min(1, r - d + 0.5));
        if (cover > 0) this.set(x, y, c, cover * alpha);
      }
    }
  }

  /** Text at a whole-number scale; returns its width in pixels. */
  text(s: string, x: number, y: number, scale: number, c: Rgb): number {
    const k = Math.max(1, Math.round(scale));
    for (let n = 0; n < s.length; n++) {
      const rows = glyph(s[n] as string);
      for (let r = 0; r < GLYPH_HEIGHT; r++) {
        for (let col = 0; col < GLYPH_WIDTH; col++) {
          if (((rows[r] as number) >> (GLYPH_WIDTH - 1 - col)) & 1)
            this.rect(x + (n * (GLYPH_WIDTH + 1) + col) * k, y + r * k, k, k, c);
        }
      }
    }
    return textWidth(s, k);
  }

  centeredText(s: string, cx: number, y: number, scale: number, c: Rgb): void {
    this.text(s, Math.round(cx - textWidth(s, scale) / 2), y, scale, c);
  }
}

export function textWidth(s: string, scale: number): number {
  const k = Math.max(1, Math.round(scale));
  return s.length === 0 ? 0 : (s.length * (GLYPH_WIDTH + 1) - 1) * k;
}
