import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource } from './tenancy-check';

// Tenancy cannot be forgotten: area code reaches tenant tables (scope/tenancy.ts) only through
// scoped(db, actor) or an explicit unscoped(db, 'why'). Fails listing file:line otherwise.

const SRC = join(import.meta.dirname, '..');
const AREAS = join(SRC, 'areas');

function areaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return areaFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Test data builders in the areas (they seed several tenants on purpose). */
const TEST_SUPPORT = /(^|\/)(test-[\w-]+|[\w-]+-test-data)\.ts$/;

describe('tenancy check', () => {
  const results = areaFiles(AREAS)
    .filter((f) => !TEST_SUPPORT.test(f))
    .map((f) => ({ file: relative(SRC, f), found: checkSource(relative(SRC, f), readFileSync(f, 'utf8')) }));

  it('finds no tenant table touched outside scoped() or unscoped() in the areas', () => {
    const found = results.flatMap((r) => r.found.map((v) => `${v.file}:${v.line} ${v.text}`));
    expect(found).toEqual([]);
  });

  it('covers every area', () => {
    const areas = new Set(results.map((r) => r.file.split('/')[1]));
    expect(areas).toContain('dashboard');
    expect(areas.size).toBe(
      readdirSync(AREAS, { withFileTypes: true }).filter((e) => e.isDirectory()).length,
    );
  });

  it('fails on a planted violation of each kind', () => {
    const planted = `
      import { scoped, unscoped } from '../../scope';
      export async function leak(db, actor, ctx) {
        await db.selectFrom('cifs_shares').selectAll().execute();
        await ctx.dbh.db.updateTable('protected_systems as ps').set({ parked: 1 }).execute();
        await db.deleteFrom('jobs').execute();
        await db.insertInto('download_sessions').values({}).execute();
        await db.selectFrom('sessions').innerJoin('users as u', 'u.id', 'sessions.user_id').execute();
        await db.selectFrom('meta').leftJoin('appliances as a', 'a.id', 'meta.key').execute();
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('cifs_shares').set({ status: 'expired' }).execute();
        });
      }`;
    const lines = checkSource('planted.ts', planted).map((v) => `${v.line} ${v.text}`);
    expect(lines).toEqual([
      "4 .selectFrom('cifs_shares')",
      "5 .updateTable('protected_systems as ps')",
      "6 .deleteFrom('jobs')",
      "7 .insertInto('download_sessions')",
      "8 .innerJoin('users as u')",
      "9 .leftJoin('appliances as a')",
      "11 .updateTable('cifs_shares')",
    ]);
  });

  it('fails on a tenant table in a subquery that does not start from scoped() itself', () => {
    // scoped() conditions the tables named in its FROM: a subquery built from a callback's
    // expression builder, or handed in ready-made, gets no condition of its own.
    const planted = `
      import { scoped } from '../../scope';
      export async function leak(db, actor) {
        const s = scoped(db, actor);
        await s.selectFrom((eb) => eb.selectFrom('jobs').selectAll().as('j')).selectAll().execute();
        await s.selectFrom(db.selectFrom('jobs').selectAll().as('j')).selectAll().execute();
        await s.selectFrom('protected_systems as ps').select((eb) => eb.selectFrom('jobs').select('id').limit(1).as('job')).execute();
        await s.selectFrom('jobs as j').where((eb) => eb.exists(eb.selectFrom('restore_points as rp').whereRef('rp.job_id', '=', 'j.id'))).execute();
        await s.selectFrom('jobs as j').where('j.system_id', 'in', (eb) => eb.selectFrom('meta').innerJoin('protected_systems as ps', 'ps.id', 'meta.key').select('ps.id')).execute();
        await s.selectFrom('jobs as j').$call((qb) => db.selectFrom('appliances')).execute();
      }`;
    const lines = checkSource('planted.ts', planted).map((v) => `${v.line} ${v.text}`);
    expect(lines).toEqual([
      "5 .selectFrom('jobs')",
      "6 .selectFrom('jobs')",
      "7 .selectFrom('jobs')",
      "8 .selectFrom('restore_points as rp')",
      "9 .innerJoin('protected_systems as ps')",
      "10 .selectFrom('appliances')",
    ]);
  });

  it('accepts the scoped entry point, the escape hatch and what flows from them', () => {
    const fine = `
      import { correlatedTo, type Scoped, scoped, unscoped } from '../../scope';
      function base(db, actor) {
        return scoped(db, actor).selectFrom('protected_systems as ps');
      }
      async function rows(s: Scoped) {
        return s.selectFrom('jobs').selectAll().execute();
      }
      export async function fine(db, actor) {
        await scoped(db, actor).selectFrom('cifs_shares as s').innerJoin('protected_systems as ps', 'ps.id', 's.system_id').execute();
        const s = scoped(db, actor);
        let q = s.selectFrom('appliances as a');
        q = q.leftJoin('organisations as c', 'c.id', 'a.client_id');
        await base(db, actor).innerJoin('organisations as c', 'c.id', 'ps.client_id').execute();
        await scoped(db, actor).selectFrom('jobs as j').where((eb) => eb.exists(s.within(correlatedTo('rp', 'job_id', 'j')).selectFrom('restore_points as rp'))).execute();
        await s.selectFrom('protected_systems as ps').$call((qb) => qb.innerJoin('organisations as c', 'c.id', 'ps.client_id')).execute();
        await s.selectFrom((eb) => scoped(db, actor).selectFrom('jobs').selectAll().as('j')).selectAll().execute();
        await unscoped(db, 'the expiry worker crosses tenants').updateTable('cifs_shares').set({ status: 'expired' }).execute();
        await db.transaction().execute(async (trx) => {
          await scoped(trx, actor).deleteFrom('file_mounts').execute();
        });
        await db.selectFrom('sessions').selectAll().execute();
        return rows(s);
      }`;
    expect(checkSource('fine.ts', fine)).toEqual([]);
  });
});
