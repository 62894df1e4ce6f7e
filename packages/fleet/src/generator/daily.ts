import type { HealthCode, Segment } from './health';
import { DAY } from './plan-types';
import type { Sink } from './sink';

/**
 * Healthy and total systems per reseller per day, counted from the same health segments the
 * systems carry (spec: dashboard 2.2 block 4). A day is sampled at its last moment, today at now.
 */
export class DailyHealth {
  private readonly healthy: Int32Array;
  private readonly total: Int32Array;
  private readonly index = new Map<number, number>();
  private readonly firstDay: number;
  private readonly samples: number[];

  constructor(
    resellerIds: readonly number[],
    private readonly days: number,
    now: number,
  ) {
    for (const [k, id] of resellerIds.entries()) this.index.set(id, k);
    this.healthy = new Int32Array(resellerIds.length * days);
    this.total = new Int32Array(resellerIds.length * days);
    this.firstDay = Math.floor(now / DAY) * DAY - (days - 1) * DAY;
    this.samples = Array.from({ length: days }, (_, d) => Math.min(now, this.firstDay + (d + 1) * DAY - 1));
  }

  /** Adds one system: counted from its creation, parked days left out of the total. */
  add(resellerId: number, createdAt: number, segments: readonly Segment[]): void {
    const base = (this.index.get(resellerId) ?? 0) * this.days;
    let s = 0;
    let health: HealthCode | null = null;
    for (let d = 0; d < this.days; d++) {
      const at = this.samples[d] as number;
      while (s < segments.length && (segments[s] as Segment).startedAt <= at)
        health = (segments[s++] as Segment).health;
      if (at < createdAt || health === null || health === 'PARKED') continue;
      this.total[base + d] = (this.total[base + d] as number) + 1;
      if (health === 'NORMAL') this.healthy[base + d] = (this.healthy[base + d] as number) + 1;
    }
  }

  write(sink: Sink): void {
    for (const [resellerId, k] of this.index) {
      for (let d = 0; d < this.days; d++) {
        sink.add('reseller_health_daily', {
          reseller_id: resellerId,
          day: this.firstDay + d * DAY,
          healthy: this.healthy[k * this.days + d] as number,
          total: this.total[k * this.days + d] as number,
        });
      }
    }
  }
}
