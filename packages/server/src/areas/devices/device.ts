import type { Verification } from '@lifeboat/contract';
import type { Database, ProtectedSystemTable } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import { type Actor, findInScope, parseId } from '../../scope';

// Every device call starts here: parse the path id and load the system in the actor's scope;
// a malformed id or another organisation's system answers 404 (ARCHITECTURE 'Tenancy').

export type Device = Selectable<ProtectedSystemTable>;
export const DEVICE = 'This protected system';

export async function loadDevice(db: Kysely<Database>, actor: Actor, rawId: unknown): Promise<Device> {
  return findInScope(db, actor, 'protected_systems', parseId(rawId, DEVICE), DEVICE);
}

export const isNas = (d: Device) => d.device_type === 'nas' || d.os_type === 'NAS';
export const isD2C = (d: Device) => d.is_d2c === 1 || d.appliance_id === null;
/** A system read from a backup source is verified by its repository's check, not by a boot. */
export const verificationOf = (d: Device): Verification =>
  d.source_id === null ? 'autoverify' : 'repository_check';

/** ISO date-time (UTC) of an epoch-ms time, for the `_dt` fields. */
export const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
