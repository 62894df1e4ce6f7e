import type { GenContext } from './context';
import { domainOf } from './naming';
import type { ClientPlan, ResellerPlan } from './plan-types';
import type { Row } from './tables';

// Organisations: provider > distributors > resellers > clients, with the denormalised
// reseller_id / distributor_id columns that schema.ts documents.

type OrgRow = Row<'organisations'>;

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

function base(id: number, name: string, createdAt: number): OrgRow {
  return {
    id,
    kind: 'client',
    parent_id: null,
    reseller_id: null,
    distributor_id: null,
    name,
    name_lc: name.toLowerCase(),
    is_provider: 0,
    has_brc: 0,
    has_x360recover: 0,
    azure_restore_enabled: 0,
    can_recover: 0,
    can_create_client: 0,
    can_download_agent: 0,
    can_edit_policy: 0,
    show_vo_information: 0,
    require_mfa: 0,
    // A reseller opts in to a second person's approval of production failover (migration 045).
    failover_approval: 0,
    cloud_quota_bytes: 0,
    email: null,
    created_at: createdAt,
  };
}

function clientRow(c: ClientPlan, r: ResellerPlan): OrgRow {
  return {
    ...base(c.id, c.name, c.createdAt),
    kind: 'client',
    parent_id: r.id,
    reseller_id: r.id,
    distributor_id: r.distributorId,
    has_brc: flag(c.tools !== 'gen4'),
    has_x360recover: flag(c.tools !== 'gen2'),
    azure_restore_enabled: flag(r.flags.azure && c.tools !== 'gen2'),
    can_recover: flag(r.flags.canRecover),
    can_download_agent: flag(r.flags.canDownloadAgent),
    email: `it@${domainOf(c.name)}`,
  };
}

export function writeOrganisations(ctx: GenContext): void {
  const { plan, sink, now } = ctx;
  sink.add('organisations', {
    ...base(plan.providerId, plan.providerName, now - 1500 * 86_400_000),
    kind: 'provider',
    is_provider: 1,
    has_brc: 1,
    has_x360recover: 1,
    azure_restore_enabled: 1,
    can_recover: 1,
    can_create_client: 1,
    can_download_agent: 1,
    can_edit_policy: 1,
    show_vo_information: 1,
    email: 'operations@lifeboat.example',
  });
  for (const d of plan.distributors) {
    sink.add('organisations', {
      ...base(d.id, d.name, d.createdAt),
      kind: 'distributor',
      parent_id: plan.providerId,
      distributor_id: d.id,
      has_brc: 1,
      has_x360recover: 1,
      can_create_client: 1,
      email: `channel@${domainOf(d.name)}`,
    });
  }
  for (const r of plan.resellers) {
    const f = r.flags;
    sink.add('organisations', {
      ...base(r.id, r.name, r.createdAt),
      kind: 'reseller',
      parent_id: r.distributorId,
      reseller_id: r.id,
      distributor_id: r.distributorId,
      has_brc: flag(r.clients.some((c) => c.tools !== 'gen4')),
      has_x360recover: flag(r.clients.some((c) => c.tools !== 'gen2')),
      azure_restore_enabled: flag(f.azure),
      can_recover: flag(f.canRecover),
      can_create_client: flag(f.canCreateClient),
      can_download_agent: flag(f.canDownloadAgent),
      can_edit_policy: flag(f.canEditPolicy),
      show_vo_information: flag(f.showVo),
      // Set from the generated cloud usage once systems exist (see finishFleet).
      cloud_quota_bytes: 0,
      email: `support@${domainOf(r.name)}`,
    });
  }
  for (const r of plan.resellers) for (const c of r.clients) sink.add('organisations', clientRow(c, r));
}
