import { LEVEL, REFRESH_RATES_MINUTES } from '@lifeboat/contract';
import type { GenContext } from './context';
import { domainOf, emailOf, type Person, person } from './naming';
import { DAY } from './plan-types';
import { Rng } from './rng';

// Logins: the five demo accounts (password `demo`) plus a few ordinary people per organisation,
// whose username is their e-mail address. Everyone shares one password hash (hashing is slow).

const DEMO_PEOPLE: Record<string, Person> = {
  staff: { first: 'Morgan', last: 'Ellis' },
  distributor: { first: 'Dana', last: 'Whitfield' },
  reseller: { first: 'Alex', last: 'Carter' },
  reseller2: { first: 'Jordan', last: 'Reyes' },
  client: { first: 'Taylor', last: 'Brooks' },
};

export function writeUsers(ctx: GenContext): number {
  const { sink, ids, plan, passwordHash } = ctx;
  const rng = new Rng(ctx.seed).fork('users');
  const taken = new Set<string>();
  let written = 0;

  const add = (
    orgId: number,
    level: number,
    orgName: string,
    orgCreated: number,
    username: string | null,
  ) => {
    const who = username ? (DEMO_PEOPLE[username] as Person) : person(rng);
    const domain = domainOf(orgName);
    const email = emailOf(who, domain, username ? 0 : rng.int(0, 2));
    let login = username ?? email;
    for (let n = 2; taken.has(login); n++) login = email.replace('@', `${n}@`);
    taken.add(login);
    sink.add('users', {
      id: ids.next('users'),
      organisation_id: orgId,
      username: login,
      name: `${who.first} ${who.last}`,
      email: login.includes('@') ? login : email,
      password_hash: passwordHash,
      level,
      // Stored by the web app at the user's first session: the browser's zone (docs/decisions.md).
      time_zone: null,
      // The built-in role of the level (docs/decisions.md 'Roles').
      role_id: null,
      // A rare disabled login, so the users table shows the state.
      disabled: username === null && rng.chance(0.03) ? 1 : 0,
      mfa_secret_enc: null,
      mfa_enabled: 0,
      mfa_reminder_show_time: null,
      mfa_reminder_active: 1,
      mfa_last_step: null,
      mfa_recovery_codes: null,
      refresh_rate_minutes: rng.chance(0.8) ? 60 : rng.pick(REFRESH_RATES_MINUTES),
      created_at: Math.min(ctx.now - DAY, orgCreated + rng.int(0, 60) * DAY),
    });
    written++;
  };

  const providerCreated = ctx.now - 1500 * DAY;
  add(plan.providerId, LEVEL.STAFF, 'Lifeboat Cloud', providerCreated, 'staff');
  for (let k = 0; k < 2; k++) add(plan.providerId, LEVEL.STAFF, 'Lifeboat Cloud', providerCreated, null);
  for (const d of plan.distributors) {
    if (d.demoUser) add(d.id, LEVEL.DISTRIBUTOR, d.name, d.createdAt, d.demoUser);
    add(d.id, LEVEL.DISTRIBUTOR, d.name, d.createdAt, null);
  }
  for (const r of plan.resellers) {
    if (r.demoUser) add(r.id, LEVEL.RESELLER, r.name, r.createdAt, r.demoUser);
    for (let k = 0; k < r.extraUsers; k++) add(r.id, LEVEL.RESELLER, r.name, r.createdAt, null);
    for (const c of r.clients) {
      if (c.demoUser) add(c.id, LEVEL.CLIENT, c.name, c.createdAt, c.demoUser);
      for (let k = 0; k < c.extraUsers; k++) add(c.id, LEVEL.CLIENT, c.name, c.createdAt, null);
    }
  }
  return written;
}
