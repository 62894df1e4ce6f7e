import type { RecoveryFileEntry } from '@lifeboat/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../format/dateTime';
import { renderRoutes } from '../../../test/render';
import { FileBrowser } from './FileBrowser';
import type { BrowserSource } from './source';

// The one file browser on a fake source (each tool gives it its own calls): every entry shows its
// last change and a file its size; a folder opens the next column; the selection's size shows.

const when = Date.UTC(2026, 10, 24, 14, 5);
const entry = (path: string, type: 'file' | 'folder', size = 0): RecoveryFileEntry => ({
  name: path.split('/').pop() ?? path,
  path,
  type,
  size,
  modifiedAt: when,
});
const TREE: Record<string, RecoveryFileEntry[]> = {
  '': [entry('C:', 'folder')],
  'C:': [
    entry('C:/Docs', 'folder'),
    entry('C:/a.txt', 'file', 1536),
    entry('C:/b.bin', 'file', 3 * 1024 * 1024),
  ],
  'C:/Docs': [],
};
const source: BrowserSource = { key: ['test-point'], list: async (path) => TREE[path] ?? [] };

function Harness() {
  const [selected, setSelected] = useState<RecoveryFileEntry[]>([]);
  return <FileBrowser source={source} deviceName="FS01" selected={selected} onSelect={setSelected} />;
}

describe('FileBrowser', () => {
  beforeEach(() => {
    setDisplayTimeZone('UTC');
    // jsdom lays nothing out: the browser's scroll to the newest column has nothing to do.
    Element.prototype.scrollTo = () => {};
  });
  afterEach(() => setDisplayTimeZone(null));

  it('shows sizes and dates, opens folders and sums the selection', async () => {
    renderRoutes({ path: '/', routes: [{ path: '/', element: <Harness /> }] });
    const root = await screen.findByRole('group', { name: 'Folder Restore point' });
    fireEvent.click(await within(root).findByText('C:'));
    const c = await screen.findByRole('group', { name: 'Folder C:' });
    await within(c).findByText('a.txt');
    expect(
      within(c)
        .getAllByTestId('entry-size')
        .map((e) => e.textContent),
    ).toEqual(['1.5 KB', '3 MB']);
    const dates = within(c).getAllByTestId('entry-modified');
    expect(dates).toHaveLength(3);
    for (const d of dates) expect(d.textContent).toMatch(/2026/);
    expect(screen.queryByTestId('selection-size')).toBeNull();
    fireEvent.click(within(c).getByLabelText('Select a.txt'));
    fireEvent.click(within(c).getByLabelText('Select b.bin'));
    expect(screen.getByText('Files selected: 2')).toBeTruthy();
    // 1.5 KB and 3 MB: 3.0015 MB, written as 3 MB.
    expect(screen.getByTestId('selection-size').textContent).toBe('Size: 3 MB');
    fireEvent.click(within(c).getByLabelText('Select Docs'));
    expect(screen.getByText('Folders selected: 1')).toBeTruthy();
    expect(screen.getByTestId('selection-size').textContent).toMatch(
      /^Size: 3 MB of files, plus the contents of 1 folder$/,
    );
    // No search call: no search box.
    expect(screen.queryByLabelText('Search this restore point')).toBeNull();
  });
});
