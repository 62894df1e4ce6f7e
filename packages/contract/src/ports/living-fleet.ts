// The living fleet: the heartbeat that moves the fleet on while the console runs (scheduled
// backups finish, health follows, the nightly AutoVerify runs). The server's `fleet.tick`
// operation calls it; the simulator writes the results into the database as a real
// integration would when it synchronises with the appliances.

/** What one tick changed. */
export interface FleetAdvance {
  backups: number;
  completed: number;
  failed: number;
  missed: number;
  healthChanges: number;
  autoVerified: number;
}

export interface LivingFleetPort {
  /** Bring the fleet up to `now`; safe to call again after a crash half-way. */
  advance(now: number): Promise<FleetAdvance>;
}
