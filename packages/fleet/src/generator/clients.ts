import type { GenContext } from './context';
import type { DailyHealth } from './daily';
import { type ApplianceLoad, writeAppliance } from './infra';
import { HostnameBook } from './naming';
import type { ClientPlan, ResellerPlan } from './plan-types';
import { hash32, Rng } from './rng';
import { drawStorage, type Storage } from './system-extras';
import { drawSystems } from './system-spec';
import { writeSystem } from './systems';

// One client at a time: draw its systems, write its appliances (sized to what they protect),
// then each system with everything it owns.

export interface FleetTotals {
  /** Threshold overrides by `${scope}:${id}:${kind}`. */
  thresholds: Map<string, number>;
  daily: DailyHealth;
  cloudByReseller: Map<number, number>;
  vaultUsed: Map<number, number>;
  systems: number;
}

export function writeClient(
  ctx: GenContext,
  totals: FleetTotals,
  reseller: ResellerPlan,
  client: ClientPlan,
): void {
  const rng = new Rng(hash32(ctx.seed, 'client', client.id));
  const specs = drawSystems(
    rng.fork('specs'),
    client,
    reseller.privateVaultId !== null,
    new HostnameBook(),
    ctx.now,
  );
  const storageRng = rng.fork('storage');
  const linked = specs.map(
    (s) => s.vaultOnly || (reseller.privateVaultId !== null && storageRng.chance(0.25)),
  );
  const storage = specs.map((s, k) =>
    drawStorage(storageRng, s, s.applianceIndex !== null, linked[k] as boolean),
  );

  const applianceIds: number[] = [];
  const applianceTotals: number[] = [];
  client.appliances.forEach((spec, a) => {
    const load: ApplianceLoad = { workstations: 0, servers: 0, nas: 0, localBytes: 0 };
    specs.forEach((s, k) => {
      if (s.applianceIndex !== a) return;
      if (s.deviceType === 'nas') load.nas++;
      else if (s.deviceType === 'server') load.servers++;
      else load.workstations++;
      load.localBytes += (storage[k] as Storage).localUsed;
    });
    const id = ctx.ids.next('appliances');
    applianceIds.push(id);
    applianceTotals.push(writeAppliance(ctx, rng.fork(`appliance${a}`), id, client, spec, a, load));
  });

  specs.forEach((spec, k) => {
    const applianceId = spec.applianceIndex === null ? null : (applianceIds[spec.applianceIndex] as number);
    const total = spec.applianceIndex === null ? 0 : (applianceTotals[spec.applianceIndex] as number);
    writeSystem(
      ctx,
      totals,
      reseller,
      client,
      spec,
      storage[k] as Storage,
      linked[k] as boolean,
      applianceId,
      total,
    );
  });
}
