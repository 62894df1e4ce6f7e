import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerDatabase } from './server';

// The ids a mixed load picks from, read once from the server's copy of the fleet before the load
// starts: random systems of the whole fleet (so many resellers and clients), and the systems of
// the signed-in reseller and client users.

export interface SampledSystem {
  id: number;
  name: string;
  resellerId: number;
  clientId: number;
  applianceId: number | null;
  deviceType: string;
  /** An AutoVerify result with a screenshot: [result id, restore point time]. */
  verify: [number, number] | null;
}

export interface FleetSample {
  /** Random systems of the whole fleet (the staff's picks). */
  anywhere: SampledSystem[];
  /** Systems of one reseller (the reseller user's). */
  ofReseller: SampledSystem[];
  /** Systems of one client (the client user's). */
  ofClient: SampledSystem[];
  /** Names of organisations (for prefix searches of the entity tables). */
  orgNames: string[];
}

type Row = Record<string, unknown>;
type Reader = { all(sql: string, params: unknown[]): Promise<Row[]>; close(): Promise<void> };

function openReader(database: ServerDatabase): Reader {
  if (database.kind === 'sqlite') {
    const db = new SQLite(database.file, { readonly: true, fileMustExist: true });
    return {
      all: async (sql, params) => db.prepare(sql).all(...params) as Row[],
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  const connected = client.connect();
  return {
    all: async (sql, params) => {
      await connected;
      let i = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++i}`),
          params,
        )
      ).rows as Row[];
    },
    close: () => client.end(),
  };
}

const SYSTEM_COLUMNS =
  'ps.id, ps.name, ps.reseller_id, ps.client_id, ps.appliance_id, ps.device_type, ' +
  // The newest AutoVerify run (the thumbnail calls need one with a screenshot).
  '(select a.id from autoverify_results a where a.system_id = ps.id order by a.ended_at desc limit 1) as av_id, ' +
  '(select a.rp_taken_at from autoverify_results a where a.system_id = ps.id order by a.ended_at desc limit 1) as av_rp, ' +
  '(select a.screenshot_seed from autoverify_results a where a.system_id = ps.id order by a.ended_at desc limit 1) as av_shot';

const toSystem = (r: Row): SampledSystem => ({
  id: Number(r.id),
  name: String(r.name),
  resellerId: Number(r.reseller_id),
  clientId: Number(r.client_id),
  applianceId: r.appliance_id === null ? null : Number(r.appliance_id),
  deviceType: String(r.device_type),
  verify:
    r.av_id === null || r.av_id === undefined || r.av_shot === null
      ? null
      : [Number(r.av_id), Number(r.av_rp)],
});

/**
 * `size` systems spread over the fleet: ids drawn uniformly between the smallest and largest id
 * (deterministic for a seed), each the first system at or after its draw.
 */
export async function sampleFleet(
  database: ServerDatabase,
  who: { resellerId: number; clientId: number },
  size: number,
  random: () => number,
): Promise<FleetSample> {
  const reader = openReader(database);
  try {
    const [bounds] = await reader.all('select min(id) as lo, max(id) as hi from protected_systems', []);
    const lo = Number(bounds?.lo ?? 0);
    const hi = Number(bounds?.hi ?? 0);
    const anywhere = new Map<number, SampledSystem>();
    for (let i = 0; i < size; i++) {
      const at = lo + Math.floor(random() * (hi - lo + 1));
      const rows = await reader.all(
        `select ${SYSTEM_COLUMNS} from protected_systems ps where ps.id >= ? order by ps.id limit 1`,
        [at],
      );
      const row = rows[0];
      if (row) anywhere.set(Number(row.id), toSystem(row));
    }
    const ofReseller = (
      await reader.all(`select ${SYSTEM_COLUMNS} from protected_systems ps where ps.reseller_id = ?`, [
        who.resellerId,
      ])
    ).map(toSystem);
    const ofClient = (
      await reader.all(`select ${SYSTEM_COLUMNS} from protected_systems ps where ps.client_id = ?`, [
        who.clientId,
      ])
    ).map(toSystem);
    const orgNames = (
      await reader.all("select name from organisations where kind in ('reseller', 'client') limit 5000", [])
    ).map((r) => String(r.name));
    return { anywhere: [...anywhere.values()], ofReseller, ofClient, orgNames };
  } finally {
    await reader.close();
  }
}
