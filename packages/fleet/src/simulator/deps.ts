import type { Clock } from '@lifeboat/contract';
import { type FaultConfig, FaultPlan, type PortFaults, type PortName, parseFaults } from './faults';

// What every port's simulator module receives from the factory (./ports): the clock, its own
// faults, and how to wait a nominal time (already divided by SIM_SPEED; no wait at speed 0).

export interface SimDeps<P extends PortName> {
  clock: Clock;
  faults: PortFaults<P>;
  /** SIM_SPEED: 1 realistic, 60 lively demo, 0 no waiting at all (tests). */
  speed: number;
  /** Wait `baseMs` of nominal time at speed 1. */
  wait(baseMs: number): Promise<void>;
  /**
   * Wait `baseMs` of nominal time as if SIM_SPEED were at most `maxSpeed`, also at speed 0: a slow
   * appliance (a fault) takes real time even in a run where everything else is instant.
   */
  waitSlow(baseMs: number, maxSpeed: number): Promise<void>;
}

/** Progress reports per stage, so a long stage still shows movement. */
export const TICKS_PER_STAGE = 4;

export interface SimOptions {
  clock: Clock;
  speed: number;
  /** A parsed config or the SIM_FAULTS text (throws on a typo, at start-up). */
  faults?: FaultConfig | string;
  /** How to wait; real timers by default. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Deps every port module accepts: one FaultPlan, so a SIM_FAULTS run is one seeded sequence. */
export function createSimDeps(opts: SimOptions): SimDeps<PortName> & { faults: FaultPlan } {
  const sleep = opts.sleep ?? realSleep;
  return {
    clock: opts.clock,
    speed: opts.speed,
    faults: new FaultPlan(typeof opts.faults === 'string' ? parseFaults(opts.faults) : opts.faults),
    wait: async (baseMs) => {
      if (opts.speed > 0) await sleep(baseMs / opts.speed);
    },
    waitSlow: (baseMs, maxSpeed) =>
      sleep(baseMs / (opts.speed > 0 ? Math.min(opts.speed, maxSpeed) : maxSpeed)),
  };
}
