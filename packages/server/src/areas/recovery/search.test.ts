import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecoveryFixture, recoveryFixture } from './test-fixture';

// issue 18.14: a search inside the restore point being browsed finds any part of a name, in any
// case, within the mount only; another organisation's mount is a 404; a too short query a 400.

let f: RecoveryFixture;
let mount: string;
beforeAll(async () => {
  f = await recoveryFixture();
  const pointId = f.pointsA2[0]?.id ?? 0;
  const res = await f.post('resa', `/api/filebrowsing/mount/0/${f.w.systemA2}/${f.jobA2}/C%3A`, {
    recoveryPoint: pointId,
  });
  mount = res.json().filemountUseId;
});
afterAll(() => f.t.close());

const search = (who: 'resa' | 'resb', query: string, id = mount) =>
  f.post(who, '/api/filebrowsing/search/0', { filemountUseId: id, query });

interface Entry {
  name: string;
  path: string;
  type: 'file' | 'folder';
}

describe('search inside a restore point', () => {
  it('finds entries by any part of their name, in any case, under the mount', async () => {
    // A name the tree is sure to hold: the first folder of the drive.
    const root: Entry[] = (
      await f.post('resa', '/api/filebrowsing/files/0', { path: 'C:', filemountUseId: mount })
    ).json().files;
    const folder = root.find((e) => e.type === 'folder' && e.name.length >= 4);
    expect(folder).toBeDefined();
    const part = (folder?.name ?? '').slice(1, 4).toUpperCase();
    const res = await search('resa', part);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { files: Entry[]; truncated: boolean };
    expect(body.files.length).toBeGreaterThan(0);
    expect(body.files.map((e) => e.path)).toContain(folder?.path);
    for (const e of body.files) {
      expect(e.name.toLowerCase()).toContain(part.toLowerCase());
      expect(e.path.startsWith('C:/')).toBe(true);
    }
  });

  it('answers no entries for words nothing holds', async () => {
    const res = await search('resa', 'zz-no-such-name-zz');
    expect(res.json()).toEqual({ files: [], truncated: false });
  });

  it('refuses a one-letter search with a sentence', async () => {
    const res = await search('resa', ' a ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message ?? JSON.stringify(res.json())).toMatch(/at least 2 characters/);
  });

  it("is a 404 for another organisation's mount", async () => {
    expect((await search('resb', 'doc')).statusCode).toBe(404);
  });
});
