import type { AutoVerifyScreenshotRequest } from '@lifeboat/contract';
import { renderScreenshot } from '../world';

/** The simulator's AutoVerify screenshots: drawn from the run's seed, so always the same picture. */
export function simulatedScreenshot(req: AutoVerifyScreenshotRequest): Buffer {
  return renderScreenshot(req.screenshotSeed, {
    width: req.width,
    height: req.height,
    hostname: req.hostname,
    osType: req.osType,
    ok: req.ok,
  });
}
