import type { Clock } from '@lifeboat/contract';
import type { DbHandle } from '@lifeboat/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, generateFleet } from '@lifeboat/fleet';
import type { Config } from '../config';

// The demo fleet `npm start` builds on an empty database, and the logins it prints. Here, next
// to the choice of ports, because only this folder may know the simulator's package.

/** Generate the demo fleet unless the database has organisations; true when it generated. */
export async function firstStartDemoFleet(
  dbh: DbHandle,
  config: Pick<Config, 'fleetSeed'>,
  clock: Clock,
  onGenerate: () => void = () => {},
): Promise<boolean> {
  const existing = await dbh.db.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  onGenerate();
  await generateFleet(dbh, { seed: config.fleetSeed, size: 'demo', now: clock.now() });
  return true;
}

/** The demo password and the accounts' user names and roles. */
export function demoLogins(): { password: string; accounts: { username: string; role: string }[] } {
  return {
    password: DEMO_PASSWORD,
    accounts: DEMO_ACCOUNTS.map((a) => ({ username: a.username, role: a.role })),
  };
}
