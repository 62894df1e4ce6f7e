import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Issue 18.20: the accessibility walk found a hovered light button ('Run cloud AutoVerify') at
// 4.0:1; Mantine draws a hovered light button on shade 2 of its colour.
describe('light buttons keep WCAG AA contrast when hovered', () => {
  for (const color of ['blue', 'red', 'gray', 'green', 'orange', 'grape', 'dark']) {
    it(color, () => {
      const resolved = full.variantColorResolver({ color, theme: full, variant: 'light' });
      expect(resolved.hoverColor).toBeDefined();
      expect(contrast(resolved.hoverColor ?? '', full.colors[color]?.[2] ?? '')).toBeGreaterThanOrEqual(4.5);
    });
  }
});

// The walk found a light badge ('Ran', teal) at 4.3:1 on its tint: light text at rest keeps AA on
// the darkest tint a light badge or button is drawn on (shade 1).
describe('light badges and buttons keep WCAG AA contrast at rest', () => {
  for (const color of [
    'blue',
    'red',
    'gray',
    'green',
    'orange',
    'grape',
    'teal',
    'cyan',
    'lime',
    'violet',
    'indigo',
    'pink',
  ]) {
    it(color, () => {
      const resolved = full.variantColorResolver({ color, theme: full, variant: 'light' });
      expect(contrast(resolved.color, full.colors[color]?.[1] ?? '')).toBeGreaterThanOrEqual(4.5);
    });
  }
});

// The walk, with the pointer left over a device page's compact subtle button, found its text at
// 4.0:1 on the hover tint (shade 2): subtle buttons darken like light ones.
describe('subtle buttons keep WCAG AA contrast, at rest and hovered', () => {
  for (const color of ['blue', 'red', 'gray', 'green', 'orange', 'teal']) {
    it(color, () => {
      const resolved = full.variantColorResolver({ color, theme: full, variant: 'subtle' });
      const shades = full.colors[color] ?? [];
      expect(contrast(resolved.color, shades[1] ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(resolved.hoverColor ?? '', shades[2] ?? '')).toBeGreaterThanOrEqual(4.5);
    });
  }
});
