import type { ExposeShareAnswer } from '@lifeboat/contract';
import type { ExposeOutcome } from './transitions';

/** The wizard's reading of an expose answer (spec: recovery-flow 4 'Share exposure'). */
export function exposeOutcome(a: ExposeShareAnswer): ExposeOutcome {
  if (a.ok) return { kind: 'ok' };
  if (a.exposed_share_id) return { kind: 'exposed', shareId: a.exposed_share_id, message: a.error ?? '' };
  if (a.try_vhdx) return { kind: 'tryVhdx', message: a.error ?? 'This format is refused; VHDX is possible.' };
  return { kind: 'error', title: a.title ?? 'The share could not be created', message: a.error ?? '' };
}
