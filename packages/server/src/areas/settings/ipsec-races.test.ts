import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, TEST_PASSWORD, type World } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// A client's IPsec sites under saves sent at once to two instances (issue 24, 9): names stay
// unique per client and the count stays within IPSEC_LIMITS.sites.

let t: TestApp;
let other: TestApp;
let w: World;
const s: Session[] = [];
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.dbh.db, t.clock.now());
  other = await t.secondInstance();
  s.push(await loginAs(t.app, 'resa', TEST_PASSWORD), await loginAs(other.app, 'resa', TEST_PASSWORD));
});
afterAll(() => t.close());

const site = (n: number, name = `Office ${n}`) => ({
  name,
  public_ip: `203.0.113.${n}`,
  remote_ip: '10.0.0.1',
  remote_name: `fw${n}.example.com`,
  remote_subnets: [`192.168.${n}.0/24`],
});
/** Save `bodies` at once, alternating between the two instances. */
const saveAll = (clientId: number, bodies: object[]) =>
  Promise.all(
    bodies.map((payload, i) =>
      call(i % 2 ? other.app : t.app, s[i % 2] as Session, {
        method: 'POST',
        url: `/settings/client_settings/save_ipsec_site/${clientId}`,
        payload: payload as Record<string, unknown>,
      }),
    ),
  );
const names = async (clientId: number) =>
  (await t.dbh.db.selectFrom('ipsec_sites').select('name').where('client_id', '=', clientId).execute()).map(
    (r) => r.name,
  );

describe('IPsec sites saved at once', () => {
  it('keeps one site of ten new ones with the same name', async () => {
    const answers = await saveAll(
      w.clientA1,
      Array.from({ length: 10 }, (_, i) => site(i + 1, 'Head office')),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(9);
    expect(await names(w.clientA1)).toEqual(['Head office']);
  });

  it('stops at ten sites when ten new ones are saved at once to a client with five', async () => {
    expect(
      (
        await saveAll(
          w.clientA2,
          [1, 2, 3, 4, 5].map((n) => site(n)),
        )
      ).map((a) => a.statusCode),
    ).toEqual(Array(5).fill(200));
    const answers = await saveAll(
      w.clientA2,
      Array.from({ length: 10 }, (_, i) => site(i + 11)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(await names(w.clientA2)).toHaveLength(10);
  });
});
