import { APPLIANCE_VERSIONS, BRC_MODELS, X360_MODELS } from './catalog';
import type { GenContext } from './context';
import { pad2, shortCode } from './naming';
import { type AppliancePlan, type ClientPlan, DAY, TB } from './plan-types';
import { hash32, type Rng } from './rng';

// Vaults (written first, usage filled in at the end) and appliances (written per client, once
// the client's systems are known, so licences and storage match what they protect).

export function writeVaults(ctx: GenContext): void {
  for (const v of ctx.plan.vaults) {
    ctx.sink.add('vaults', {
      id: v.id,
      reseller_id: v.resellerId,
      name: v.name,
      vault_type: v.type,
      capacity_bytes: v.capacityBytes,
      used_bytes: 0,
      created_at: ctx.now - 1400 * DAY,
    });
  }
}

export interface ApplianceLoad {
  workstations: number;
  servers: number;
  nas: number;
  localBytes: number;
}

const SID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A serial that reads like hardware ("x7k2m9qp0a1f"): 8 hashed characters, then the id. */
function sidFor(seed: number, id: number): string {
  let h = hash32(seed, 'sid', id);
  let s = '';
  for (let k = 0; k < 8; k++) {
    s += SID_ALPHABET[h & 31];
    h = h >>> 5 || hash32(h, k);
  }
  return s + id.toString(16).padStart(4, '0');
}

export function writeAppliance(
  ctx: GenContext,
  rng: Rng,
  id: number,
  client: ClientPlan,
  spec: AppliancePlan,
  index: number,
  load: ApplianceLoad,
): number {
  const models = spec.brc ? BRC_MODELS : X360_MODELS;
  // The smallest model that keeps the pool under ~80 %, else the biggest one.
  const need = load.localBytes / 0.8;
  const model = models.find(([, tb]) => tb * TB >= need) ?? models[models.length - 1];
  const [modelName, tb] = model as readonly [string, number];
  const total = Math.max(tb * TB, Math.ceil(need / TB) * TB);
  const lic = spec.licenseType;
  const slack = (n: number) => (n === 0 ? 0 : n + rng.int(0, Math.max(1, Math.round(n * 0.3))));
  const counts =
    lic === 'storage' ? [0, 0, 0] : [slack(load.workstations), slack(load.servers), slack(load.nas)];
  const [ws, srv, nas] = counts as [number, number, number];
  const storageTb =
    lic === 'endpoint' ? 0 : Math.max(2, Math.ceil((load.localBytes * rng.between(1.1, 1.6)) / TB));
  const licenseName =
    lic === 'endpoint'
      ? `Endpoint ${ws}W / ${srv}S${nas ? ` / ${nas}N` : ''}`
      : lic === 'storage'
        ? `Storage ${storageTb} TB`
        : `BDR Bundle ${storageTb} TB`;
  const name = `${shortCode(client.name)}-${spec.brc ? 'BRC' : 'BDR'}${pad2(index + 1)}`;
  ctx.sink.add('appliances', {
    id,
    reseller_id: client.resellerId,
    client_id: client.id,
    sid: sidFor(ctx.seed, id),
    name,
    name_lc: name.toLowerCase(),
    model_name: modelName,
    online: spec.online ? 1 : 0,
    is_brc_appliance: spec.brc ? 1 : 0,
    license_type: lic,
    license_name: licenseName,
    license_workstations: ws,
    license_servers: srv,
    license_nas: nas,
    license_storage_bytes: storageTb * TB,
    storage_used_bytes: Math.round(load.localBytes),
    storage_total_bytes: total,
    version: rng.pick(spec.brc ? APPLIANCE_VERSIONS.brc : APPLIANCE_VERSIONS.x360),
    created_at: Math.min(ctx.now - 7 * DAY, client.createdAt + rng.int(0, 30) * DAY),
  });
  return total;
}
