// How big a fleet is. 'demo' is hand-shaped (see demo-plan.ts); the others are drawn from
// distributions with these totals.

export interface FleetCounts {
  resellers: number;
  clients: number;
  systems: number;
  /** Distributors between the provider and the resellers (default: one per 50 resellers). */
  distributors?: number;
  /** job_history rows per system over the history window (default 100). */
  jobHistoryPerSystem?: number;
  /** Restore points kept per system (default 10). */
  restorePointsPerSystem?: number;
  /** AutoVerify results per non-NAS system (default 2). */
  autoverifyPerSystem?: number;
  /** Days of history (default 90). */
  historyDays?: number;
  /** Extra users per reseller and per client besides the demo accounts (default 2 and 1). */
  usersPerReseller?: number;
  usersPerClient?: number;
  /** Share of all clients owned by the `reseller` demo account (default 0.02). */
  mainResellerShare?: number;
}

export type ResolvedCounts = Required<FleetCounts>;

export const DEMO_COUNTS: ResolvedCounts = {
  resellers: 3,
  clients: 30,
  systems: 200,
  distributors: 1,
  jobHistoryPerSystem: 120,
  restorePointsPerSystem: 36,
  autoverifyPerSystem: 14,
  historyDays: 90,
  usersPerReseller: 2,
  usersPerClient: 1,
  mainResellerShare: 0.34,
};

export const LARGE_COUNTS: ResolvedCounts = {
  resellers: 500,
  clients: 10_000,
  systems: 100_000,
  distributors: 10,
  jobHistoryPerSystem: 100,
  restorePointsPerSystem: 10,
  autoverifyPerSystem: 2,
  historyDays: 90,
  usersPerReseller: 2,
  usersPerClient: 1,
  mainResellerShare: 0.02,
};

/** Fills defaults and keeps the minimum the demo accounts need (two resellers, one client each). */
export function resolveCounts(c: FleetCounts): ResolvedCounts {
  const resellers = Math.max(2, Math.floor(c.resellers));
  const clients = Math.max(resellers, Math.floor(c.clients));
  const systems = Math.max(clients, Math.floor(c.systems));
  return {
    resellers,
    clients,
    systems,
    distributors: Math.max(1, Math.min(resellers, Math.floor(c.distributors ?? Math.ceil(resellers / 50)))),
    jobHistoryPerSystem: Math.max(1, Math.floor(c.jobHistoryPerSystem ?? 100)),
    restorePointsPerSystem: Math.max(1, Math.floor(c.restorePointsPerSystem ?? 10)),
    autoverifyPerSystem: Math.max(0, Math.floor(c.autoverifyPerSystem ?? 2)),
    historyDays: Math.max(7, Math.floor(c.historyDays ?? 90)),
    usersPerReseller: Math.max(0, Math.floor(c.usersPerReseller ?? 2)),
    usersPerClient: Math.max(0, Math.floor(c.usersPerClient ?? 1)),
    mainResellerShare: Math.min(0.9, Math.max(0, c.mainResellerShare ?? 0.02)),
  };
}
