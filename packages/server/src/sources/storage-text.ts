import { formatBytes } from '@lifeboat/contract';

// What a restic system's storage figure is (issue 25.2: no code of its own per screen, one
// wording): the newest snapshot's size where restic reports it (0.17's snapshot summary), else a
// sentence, never "0 B", which would say the backups hold nothing.

export const STORAGE_NOT_REPORTED = 'Not reported by restic';

/** The short figure for a table cell and the sentence behind it. */
export function sourceStorage(usedBytes: number): { figure: string; sentence: string } {
  if (usedBytes > 0)
    return {
      figure: formatBytes(usedBytes),
      sentence: `The newest restic snapshot of this system holds ${formatBytes(usedBytes)}.`,
    };
  return {
    figure: STORAGE_NOT_REPORTED,
    sentence: 'Not reported by restic: this version of restic does not record the size of each snapshot.',
  };
}
