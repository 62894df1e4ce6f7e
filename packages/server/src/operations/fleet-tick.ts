import type { AppContext } from '../context';
import type { OperationsEngine } from './engine';

// The fleet lives while the console runs: the `fleet.tick` schedule advances it every interval
// through the living fleet port (ctx.ports.fleet; scheduler.ts). The claim of a schedule row
// starts one run across every instance; the tick runs in the heartbeat lane, so a burst of
// AutoVerify runs never delays it (issue 18.7).

export const FLEET_TICK = 'fleet.tick';

/** Real time between ticks: a minute at speed 1, a second at the demo's 60, never faster. */
export function tickIntervalMs(speed: number): number {
  return speed > 0 ? Math.max(1000, Math.round(60_000 / speed)) : 1000;
}

export function registerFleetTick(engine: OperationsEngine, ctx: Pick<AppContext, 'config' | 'ports'>): void {
  engine.register(FLEET_TICK, async ({ clock }) => {
    try {
      return await ctx.ports.fleet.advance(clock.now());
    } catch (err) {
      // A bad batch is logged; the next tick tries again.
      engine.log.error({ err }, 'advancing the fleet failed');
      return null;
    }
  });
  engine.every({
    key: FLEET_TICK,
    kind: FLEET_TICK,
    input: {},
    everyMs: tickIntervalMs(ctx.config.simSpeed),
  });
}
