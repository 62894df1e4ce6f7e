import type { BenchArgs } from './args';
import { describeCounts, ensureSqliteFleet, type FleetMarker } from './fleet';
import { ensurePgFleet } from './pg-fleet';
import type { ServerDatabase } from './server';

// The fleet a run works on, from the cache (generated first when missing), on either engine.

export async function prepareFleet(
  args: Pick<BenchArgs, 'pg' | 'fleet' | 'seed' | 'rebuild'>,
): Promise<{ database: ServerDatabase; marker: FleetMarker }> {
  if (args.pg) {
    const fleet = await ensurePgFleet(args.pg, args.fleet, args.seed, args.rebuild);
    return { database: { kind: 'postgres', url: fleet.runUrl }, marker: fleet.marker };
  }
  const fleet = await ensureSqliteFleet(args.fleet, args.seed, args.rebuild);
  if (fleet.reused) {
    const m = fleet.marker;
    process.stderr.write(
      `Cached ${m.size} fleet (seed ${m.seed}, built ${m.builtAt} in ${m.generationSeconds.toFixed(1)} s): ${describeCounts(m.counts)}.\n`,
    );
  }
  return { database: { kind: 'sqlite', file: fleet.file }, marker: fleet.marker };
}
