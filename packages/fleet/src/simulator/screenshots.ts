import type { AutoVerifyScreenshotRequest } from '@lifeboat/contract';
import { renderScreenshot } from '../world';

/**
 * Pictures drawn lately, by everything that shapes them. Drawing and deflating a thumbnail was
 * about 7 % of the server's CPU under the mixed load (bench/README.md, 27 November): every
 * dashboard asks for the same nine. 512 small PNGs (about 9 KB each) is a few MB per process.
 */
const drawn = new Map<string, Buffer>();
const KEEP = 512;

/** The simulator's AutoVerify screenshots: drawn from the run's seed, so always the same picture. */
export function simulatedScreenshot(req: AutoVerifyScreenshotRequest): Buffer {
  const key = [req.screenshotSeed, req.width, req.height, req.hostname, req.osType, req.ok].join('\u0000');
  const kept = drawn.get(key);
  if (kept) {
    // Most recently used last, so the oldest is the first the map gives back.
    drawn.delete(key);
    drawn.set(key, kept);
    return kept;
  }
  const png = renderScreenshot(req.screenshotSeed, {
    width: req.width,
    height: req.height,
    hostname: req.hostname,
    osType: req.osType,
    ok: req.ok,
  });
  drawn.set(key, png);
  if (drawn.size > KEEP) drawn.delete(drawn.keys().next().value as string);
  return png;
}
