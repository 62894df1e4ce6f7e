import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, type RecoveryFixture, recoveryFixture } from './test-fixture';

// issue 18.15: a cloud share row says what it is (paths, size, who made it, when), and 'Edit or
// expire' can move the link's end (one of the offered choices, never past 7 days) as well as end it.

let f: RecoveryFixture;
let shareId: number;
let file: { path: string; size: number };
beforeAll(async () => {
  f = await recoveryFixture();
  const pointId = f.pointsA2[0]?.id ?? 0;
  const mount = (
    await f.post('resa', `/api/filebrowsing/mount/0/${f.w.systemA2}/${f.jobA2}/C%3A`, {
      recoveryPoint: pointId,
    })
  ).json().filemountUseId;
  // The first file found walking the drive.
  const queue = ['C:'];
  while (queue.length > 0 && !file) {
    const path = queue.shift() as string;
    const list: { path: string; type: string; size: number }[] = (
      await f.post('resa', '/api/filebrowsing/files/0', { path, filemountUseId: mount })
    ).json().files;
    const found = list.find((e) => e.type === 'file' && e.size > 0);
    if (found) file = found;
    queue.push(...list.filter((e) => e.type === 'folder').map((e) => e.path));
  }
  const res = await f.post('resa', '/download/insert_download_session', {
    filemountUseId: mount,
    appliance_id: 0,
    device_id: f.w.systemA2,
    job_id: f.jobA2,
    restore_point: pointId,
    drive: 'C:',
    path: file.path,
    download_type: 1,
    files_count: 1,
    folders_count: 0,
  });
  expect(res.statusCode).toBe(200);
  const rows = (await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`)).json()
    .cloud_shares;
  shareId = rows[0].id;
});
afterAll(() => f.t.close());

const rows = async () =>
  (await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`)).json().cloud_shares as Array<
    Record<string, unknown>
  >;
const setExpiry = (who: 'resa' | 'resb', hours: unknown, id = shareId) =>
  f.post(who, `/ra/set_cloud_link_expiry/${id}`, { hours });

describe('cloud share rows', () => {
  it('name the chosen files, their size and who made the link', async () => {
    const row = (await rows()).find((r) => r.id === shareId);
    expect(row).toMatchObject({
      paths: [file.path],
      size: file.size,
      size_at_least: false,
      created_by: expect.stringMatching(/\S/),
      created: f.t.clock.now(),
    });
  });
});

describe("changing a cloud link's expiry", () => {
  it('moves the end to the chosen hours from now', async () => {
    const res = await setExpiry('resa', 24);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, expire_time: f.t.clock.now() + 24 * HOUR });
    expect((await rows()).find((r) => r.id === shareId)?.expire_time).toBe(f.t.clock.now() + 24 * HOUR);
  });

  it('refuses a time that is not offered (no link lives past 7 days) with a sentence', async () => {
    for (const hours of [200, 0, -1, 'soon']) {
      const res = await setExpiry('resa', hours);
      expect(res.statusCode, String(hours)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("is a 404 for another organisation's link", async () => {
    expect((await setExpiry('resb', 24)).statusCode).toBe(404);
  });

  it('is a 409 once the link has expired', async () => {
    expect((await f.get('resa', `/ra/expire_cloud_link/${shareId}`)).statusCode).toBe(200);
    expect((await setExpiry('resa', 24)).statusCode).toBe(409);
  });
});
