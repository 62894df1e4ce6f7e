import type { ResolvedCounts } from './counts';
import type { FleetPlan } from './plan-types';
import type { Sink } from './sink';

/** Hands out sequential ids per table; the database is fresh, so they start at 1. */
export class IdCounter {
  private readonly last = new Map<string, number>();

  next(table: string): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }
}

export interface GenContext {
  sink: Sink;
  seed: number;
  now: number;
  counts: ResolvedCounts;
  plan: FleetPlan;
  /** One scrypt hash of the demo password, shared by every generated login and protected system. */
  passwordHash: string;
  ids: IdCounter;
}
