import { type Repository, ResticError, restic } from './cli';

// The repository check, restic's counterpart of the first tool's AutoVerify: `restic check`
// verifies the repository's structure and, with --read-data-subset, reads back a share of the
// data itself, so a damaged pack file is found before a restore needs it.

export interface CheckResult {
  ok: boolean;
  /** A sentence for the device page and the reports' evidence. */
  summary: string;
}

/** Checks the repository, reading `readPercent` % of its data (0: structure only). */
export async function checkRepository(repo: Repository, readPercent: number): Promise<CheckResult> {
  const pct = Math.max(0, Math.min(100, Math.round(readPercent)));
  const args = ['check', ...(pct > 0 ? [`--read-data-subset=${pct}%`] : [])];
  try {
    await restic(repo, args);
    return {
      ok: true,
      summary:
        pct > 0
          ? `The repository is sound: its structure and ${pct}% of its data were read back without error.`
          : 'The repository is sound: its structure was checked without error.',
    };
  } catch (err) {
    if (err instanceof ResticError && err.failure === 'failed') {
      return { ok: false, summary: 'The repository check found damaged data: restores from it may fail.' };
    }
    throw err;
  }
}
