// Deterministic content the simulator serves: restore points' file trees and AutoVerify screenshots.
export { readFile, readFileRange } from './file-content';
export { listDirectory, MAX_ENTRIES, statPath } from './file-tree';
export { driveLayout, nasShares } from './layout';
export { encodePng } from './png';
export { renderScreenshot, type ScreenshotOptions } from './screenshot';
export type { FileEntry, WorldSystem } from './types';
