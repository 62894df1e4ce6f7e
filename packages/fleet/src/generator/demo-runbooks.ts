import { hashPassword } from '@lifeboat/contract/node';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { FleetPlan } from './plan-types';

// The demo reseller's clients get runbooks (issue 16.2), so the wizard's runbook steps, the
// runbooks page and a failover can be walked on the demo fleet: for up to three clients with
// systems that can start as virtual machines, an "Office recovery" plan (servers first, then
// workstations 30 s later), and for the first of them a password-protected "Servers only" plan
// (password `demo-runbook`). No office runs at generation, so each of them can start one.

export const DEMO_RUNBOOK_PASSWORD = 'demo-runbook';
const NOT_VIRTUALIZABLE = ['MAC_OS_X', 'NAS'] as const;
const CLIENTS = 3;
const SYSTEMS = 6;

export async function addDemoRunbooks(db: Kysely<Database>, plan: FleetPlan, now: number): Promise<void> {
  const reseller = plan.resellers.find((r) => r.demoUser === 'reseller');
  if (!reseller) return;
  // The demo client user's client first, then the others in plan order.
  const clients = [...reseller.clients].sort((a, b) => Number(!!b.demoUser) - Number(!!a.demoUser));
  let done = 0;
  for (const c of clients) {
    if (done >= CLIENTS) break;
    const systems = await db
      .selectFrom('protected_systems as ps')
      .select(['ps.id', 'ps.device_type'])
      .where('ps.client_id', '=', c.id)
      .where('ps.os_type', 'not in', [...NOT_VIRTUALIZABLE])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('restore_points as rp')
            .select('rp.id')
            .whereRef('rp.system_id', '=', 'ps.id')
            .where('rp.scheduled', '=', 1),
        ),
      )
      .orderBy('ps.device_type', 'desc')
      .orderBy('ps.id')
      .limit(SYSTEMS)
      .execute();
    if (systems.length === 0) continue;
    const octet = 100 + (c.id % 100);
    const add = async (name: string, list: typeof systems, password: string | null) => {
      const row = await db
        .insertInto('runbooks')
        .values({
          reseller_id: reseller.id,
          client_id: c.id,
          name,
          vo_type: 'cloud',
          appliance_id: null,
          gateway: `10.${octet}.0.1`,
          netmask: '255.255.255.0',
          password_hash: password ? await hashPassword(password) : null,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const positions = new Map<number, number>();
      for (const [i, s] of list.entries()) {
        const group = s.device_type === 'server' ? 1 : 2;
        const position = (positions.get(group) ?? 0) + 1;
        positions.set(group, position);
        await db
          .insertInto('runbook_systems')
          .values({
            runbook_id: row.id,
            reseller_id: reseller.id,
            client_id: c.id,
            system_id: s.id,
            group_no: group,
            position,
            delay_seconds: group === 1 ? 0 : 30,
            // Servers keep fixed addresses in the office; workstations take one from its DHCP.
            ip_address: group === 1 ? `10.${octet}.0.${20 + i}` : '',
          })
          .execute();
      }
    };
    await add('Office recovery', systems, null);
    const servers = systems.filter((s) => s.device_type === 'server');
    if (done === 0 && servers.length > 0) await add('Servers only', servers, DEMO_RUNBOOK_PASSWORD);
    done++;
  }
}
