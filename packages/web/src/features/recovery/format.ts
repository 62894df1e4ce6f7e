import { DOWNLOAD_TYPE } from '@lifeboat/contract';

// Display rules of the recovery area (spec: recovery-flow 4 'Cloud share expiry', 9).

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['year', 365 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

export const PENDING_UNMOUNT = 'pending unmount';

/** Time left as at most two units, largest first ("6 days 23 hours"); 'pending unmount' at zero. */
export function countdownText(msLeft: number): string {
  let left = Math.floor(msLeft / 1000);
  if (left <= 0) return PENDING_UNMOUNT;
  const parts: string[] = [];
  for (const [name, size] of UNITS) {
    const n = Math.floor(left / size);
    if (n > 0) {
      parts.push(`${n} ${name}${n === 1 ? '' : 's'}`);
      left -= n * size;
    } else if (parts.length > 0) {
      // The unit right after the largest is zero: one unit is shown.
      break;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in 1024 steps; a number under 1024 of its unit is shown without decimals. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.trunc(bytes))} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = value.toFixed(2).replace(/\.?0+$/, '');
  return `${text} ${SIZE_UNITS[unit]}`;
}

/** A restore point's time, in the app's one format (issue 18.14). */
export { formatDateTime as pointTimeText } from '../../format/dateTime';

/** How the chosen items download, in words (spec: recovery-flow 3 download type codes; issue 18.11). */
export function downloadTypeText(code: number): string {
  switch (code) {
    case DOWNLOAD_TYPE.FILE:
      return 'Downloads as the file itself';
    case DOWNLOAD_TYPE.ZIP:
      return 'Downloads as one zip archive';
    case DOWNLOAD_TYPE.TAR:
      return 'Downloads as a tar archive of the folder';
    default:
      return 'Downloads as one tar archive';
  }
}
