import { type DeviceActionsAnswer, SERVICE_GEN, type SetGeoPlusAnswer } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { type Actor, scoped } from '../../scope';
import { activeAutoVerify } from './autoverify-service';
import { type Device, isD2C, isNas, loadDevice } from './device';

// Device actions (spec: dashboard-device-azure 2.3 'Sidebar actions', 3 'Device actions
// response', 4 'Geo-plus' and 'AutoVerify modal and run').

export const AUTOVERIFY_QUEUED_TOOLTIP =
  'AutoVerify is queued for this system; the result appears here when it ends.';
export const GEO_NOT_AVAILABLE = 'Geo-plus is available for second-generation systems only.';

/** Geo-plus keeps a second cloud copy; only second-generation systems replicate. */
const geoAvailable = (d: Device, actor: Actor) =>
  actor.rights.has('edit_protection') && d.service_gen === SERVICE_GEN.SECOND;

export async function deviceActions(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
): Promise<DeviceActionsAnswer> {
  const running = isNas(d) ? null : await activeAutoVerify(db, actor, Number(d.id));
  const noRp = d.last_rp_at === null;
  const geoOn = d.geo_enabled === 1;
  return {
    ok: true,
    title: 'Actions',
    recoveryTitle: 'Recover',
    alertTitle: 'Alert settings',
    autoverifyTitle: 'Run cloud AutoVerify',
    autoverifyDisabled: running !== null || noRp,
    autoverifyTooltip:
      running !== null ? AUTOVERIFY_QUEUED_TOOLTIP : noRp ? 'There is no restore point to verify yet.' : null,
    autoverifyOperationId: running,
    // The recover right (rights.ts) is what every recovery call checks: the button follows it.
    showRecover: !noRp && actor.rights.has('recover'),
    showGeoPlus: geoAvailable(d, actor),
    showAlertSettings: actor.rights.has('edit_protection'),
    // A system read from a backup source is verified by its repository check.
    showAutoverify: !isNas(d) && d.source_id === null && actor.rights.has('run_autoverify'),
    geoPlusEnabled: geoOn,
    geoPlusTooltip: geoOn
      ? 'Geo-plus keeps a second copy of this system’s cloud backups in another region.'
      : 'Switch on geo-plus to keep a second copy of the cloud backups in another region.',
    // A system that already has a redundant copy was confirmed before: switching it back on
    // needs no second confirmation (decisions 'Devices').
    geoConfirmationDisabled: d.geo_last_redundant_rp_at !== null,
    deviceName: d.name,
    isD2C: isD2C(d),
    deviceType: d.device_type,
    resellerId: Number(d.reseller_id),
    clientId: Number(d.client_id),
    applianceId: d.appliance_id === null ? null : Number(d.appliance_id),
    geoModal: {
      title: geoOn ? 'Switch off geo-plus?' : 'Switch on geo-plus?',
      enable:
        'A second copy of every cloud restore point of this system will be kept in another region. The extra storage is billed with the system’s cloud storage.',
      disable:
        'The second copy in the other region will stop being updated. Cloud restore points in the primary region are kept.',
    },
  };
}

/** POST /device/set_geo_plus: has_error with a message when the system cannot use geo-plus. */
export async function setGeoPlus(
  ctx: AppContext,
  actor: Actor,
  rawId: unknown,
  value: boolean,
  ip: string,
): Promise<SetGeoPlusAnswer> {
  return ctx.dbh.db.transaction().execute(async (trx) => {
    const d = await loadDevice(trx, actor, rawId);
    if (!geoAvailable(d, actor))
      return { has_error: true, setting: d.geo_enabled === 1, message: GEO_NOT_AVAILABLE };
    await scoped(trx, actor)
      .updateTable('protected_systems')
      .set(
        value
          ? {
              geo_enabled: 1,
              geo_inherited: 0,
              geo_status: d.geo_enabled === 1 ? d.geo_status : 'PENDING',
              geo_last_primary_rp_at: d.geo_last_primary_rp_at ?? d.last_rp_at,
            }
          : { geo_enabled: 0, geo_inherited: 0, geo_status: null, geo_replication_progress: 0 },
      )
      .where('id', '=', d.id)
      .execute();
    await audit(trx, ctx.clock.now(), {
      actor,
      action: value ? 'device.geo_plus.enable' : 'device.geo_plus.disable',
      targetType: 'protected_system',
      targetId: Number(d.id),
      details: { name: d.name },
      ip,
    });
    return {
      has_error: false,
      setting: value,
      message: value ? `Geo-plus is on for ${d.name}.` : `Geo-plus is off for ${d.name}.`,
    };
  });
}
