import { ManualClock } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { createSimDeps } from './deps';
import { createSimulatedSync, simulatedContents } from './sync';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;

describe('the simulated backup source', () => {
  it('holds two systems with a nightly point for each of the past seven days', async () => {
    const sync = createSimulatedSync(createSimDeps({ clock: new ManualClock(NOW), speed: 0 }));
    const read = await sync.read({ id: 1, location: 'Harbor vets', password: '', env: {} });
    expect(read.systems.map((s) => [s.name, s.osType, s.points.length])).toEqual([
      ['HARBOR-VETS-SERVER', 'WINDOWS', 7],
      ['HARBOR-VETS-LAPTOP', 'MAC_OS_X', 7],
    ]);
    const points = read.systems[0]?.points ?? [];
    expect(points.at(-1)?.takenAt).toBe(Date.UTC(2026, 10, 19, 22));
    expect(points[0]?.takenAt).toBe(Date.UTC(2026, 10, 19, 22) - 6 * DAY);
    for (const p of points) {
      expect(p.endedAt).toBeGreaterThan(p.takenAt);
      expect(p.sizeBytes).toBeGreaterThan(0);
    }
  });

  it('answers the same points for the same source and time, and new ones a day later', () => {
    const today = simulatedContents('Harbor vets', NOW);
    expect(simulatedContents('Harbor vets', NOW)).toEqual(today);
    const tomorrow = simulatedContents('Harbor vets', NOW + DAY);
    const ids = (c: typeof today) => c.systems[0]?.points.map((p) => p.externalId) ?? [];
    expect(ids(tomorrow).slice(0, 6)).toEqual(ids(today).slice(1));
  });
});
