import type { FilesPort, RecoveryEntry, RestorePointRef } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { ExportTooLargeError, FFR_LIMITS, measureSelection } from './materialize';

// The export's limits checked from listings alone (start refuses what the export would fail on).

const point = {} as RestorePointRef;
const file = (name: string, size: number): RecoveryEntry => ({ name, type: 'file', size, modifiedAt: 0 });
const folder = (name: string): RecoveryEntry => ({ name, type: 'folder', size: 0, modifiedAt: 0 });

/** A tree of folders keyed by path; no file is ever read. */
function ctxOf(tree: Record<string, RecoveryEntry[]>): Pick<AppContext, 'ports'> {
  const files: Pick<FilesPort, 'listFiles' | 'statFile' | 'readFile'> = {
    listFiles: async (_p, path) => tree[path] ?? null,
    statFile: async (_p, path) => {
      const i = path.lastIndexOf('/');
      return tree[path.slice(0, i)]?.find((e) => e.name === path.slice(i + 1)) ?? null;
    },
    readFile: async () => {
      throw new Error('measuring must not read files');
    },
  };
  return { ports: { files } } as unknown as Pick<AppContext, 'ports'>;
}

describe('measureSelection', () => {
  it('counts the selected folders and files', async () => {
    const ctx = ctxOf({ 'C:': [folder('Data'), file('a.txt', 10)], 'C:/Data': [file('b.txt', 5)] });
    expect(await measureSelection(ctx, point, ['C:/Data', 'C:/a.txt'])).toEqual({ entries: 3, bytes: 15 });
  });

  it('refuses more than the entry limit', async () => {
    const many = Array.from({ length: FFR_LIMITS.entries }, (_, i) => file(`f${i}`, 1));
    const ctx = ctxOf({ 'C:': [folder('Big')], 'C:/Big': many });
    await expect(measureSelection(ctx, point, ['C:/Big'])).rejects.toThrow(
      new ExportTooLargeError(
        'The selection holds more than 20,000 files and folders: choose fewer folders.',
      ),
    );
  });

  it('refuses more than 4 GB', async () => {
    const ctx = ctxOf({
      'C:': [folder('Big')],
      'C:/Big': [file('x', 3 * 1024 ** 3), file('y', 2 * 1024 ** 3)],
    });
    await expect(measureSelection(ctx, point, ['C:/Big'])).rejects.toThrow(/larger than 4 GB/);
  });
});
