import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFleetTick } from '../../operations';
import { buildWorld, TEST_PASSWORD } from '../../test/factories';
import { call, createTestApp, loginAs, type Session, type TestApp } from '../../test/harness';

// "Health last checked" on the inventory page follows the fleet's ticks, not the start-up time.

let t: TestApp;
let s: Session;
beforeAll(async () => {
  t = await createTestApp({ simSpeed: 60 });
  await buildWorld(t.dbh.db, t.clock.now());
  registerFleetTick(t.ctx.operations, t.ctx);
  s = await loginAs(t.app, 'resa', TEST_PASSWORD);
});
afterAll(() => t.close());

const lastCheck = async () =>
  (await call(t.app, s, { method: 'GET', url: '/devices/inventory' })).json().clientHealthLastCheck;

describe('clientHealthLastCheck', () => {
  it('is the end of the latest fleet tick and moves on with each tick', async () => {
    await t.ctx.operations.runOnce();
    const first = t.clock.now();
    expect(await lastCheck()).toBe(first);

    // Past the counters' 5 s cache, two more ticks later.
    t.clock.advance(10_000);
    await t.ctx.operations.runOnce();
    t.clock.advance(1_000);
    await t.ctx.operations.runOnce();
    expect(await lastCheck()).toBe(t.clock.now());
    expect(t.clock.now()).toBeGreaterThan(first);
  });
});
