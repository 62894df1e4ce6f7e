// One rule for an appliance's licence usage (issue 18.10: the dashboard measured a bundle by its
// storage and the licences tab by its seats). Both figures are always given, labelled; the
// headline figure is the one the licence is sold by.

export type LicenceType = 'storage' | 'endpoint' | 'bdr_bundle';

export interface LicenceFacts {
  license_type: LicenceType;
  license_workstations: number;
  license_servers: number;
  license_nas: number;
  license_storage_bytes: number;
  storage_used_bytes: number;
}

/** Systems protected by the appliance, by seat type. */
export interface SeatsUsed {
  workstations: number;
  servers: number;
  nas: number;
}

export interface LicenceUsage {
  /** What the licence is sold by: an endpoint licence by seats, storage and bundles by storage. */
  measured_by: 'seats' | 'storage';
  /** The headline percentage, of `measured_by`, rounded to one decimal. */
  percent: number;
  seats: { used: number; licensed: number; percent: number };
  storage: { used_bytes: number; licensed_bytes: number; percent: number };
}

export const LICENCE_TYPE_LABEL: Record<LicenceType, string> = {
  storage: 'Storage',
  endpoint: 'Endpoint',
  bdr_bundle: 'BDR bundle',
};

const pct = (used: number, of: number) => (of > 0 ? Math.round((used / of) * 1000) / 10 : 0);

export function licenceUsage(a: LicenceFacts, used: SeatsUsed): LicenceUsage {
  const licensed = Number(a.license_workstations) + Number(a.license_servers) + Number(a.license_nas);
  const seatsUsed = used.workstations + used.servers + used.nas;
  const seats = { used: seatsUsed, licensed, percent: pct(seatsUsed, licensed) };
  const storageUsed = Number(a.storage_used_bytes);
  const storageLicensed = Number(a.license_storage_bytes);
  const storage = {
    used_bytes: storageUsed,
    licensed_bytes: storageLicensed,
    percent: pct(storageUsed, storageLicensed),
  };
  const measured_by = a.license_type === 'endpoint' ? 'seats' : 'storage';
  return { measured_by, percent: measured_by === 'seats' ? seats.percent : storage.percent, seats, storage };
}
