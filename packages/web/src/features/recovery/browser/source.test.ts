import { describe, expect, it } from 'vitest';
import { columnsFor, selectionText, selectionTotals } from './source';

describe('the file browser selection', () => {
  const file = (size: number) => ({ type: 'file' as const, size });
  const folder = { type: 'folder' as const, size: 0 };

  it('counts files and folders and sums the files', () => {
    expect(selectionTotals([file(1024), file(512), folder])).toEqual({
      files: 2,
      folders: 1,
      fileBytes: 1536,
    });
  });

  it('says the size in words, folders by their count', () => {
    expect(selectionText(selectionTotals([file(1536)]))).toBe('Size: 1.5 KB');
    expect(selectionText(selectionTotals([folder, folder]))).toBe('Size: the contents of 2 folders');
    expect(selectionText(selectionTotals([file(100), folder]))).toBe(
      'Size: 100 B of files, plus the contents of 1 folder',
    );
  });

  it('opens the columns down to an entry', () => {
    expect(columnsFor({ path: 'C:/Users/Public/a.txt', type: 'file' })).toEqual([
      '',
      'C:',
      'C:/Users',
      'C:/Users/Public',
    ]);
    expect(columnsFor({ path: 'C:/Users', type: 'folder' })).toEqual(['', 'C:', 'C:/Users']);
  });
});
