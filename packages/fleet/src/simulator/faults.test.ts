import { describe, expect, it } from 'vitest';
import { FAULT_NAMES, FaultPlan, PORT_FAULTS, parseFaults } from './faults';

describe('parseFaults', () => {
  it('reads probabilities, forced subjects and the seed', () => {
    expect(
      parseFaults(
        ' appliance_offline=0.1, rp_in_use=0.05;autoverify_fail@system:7, appliance_offline@12 ,rp_in_use@rp:345,seed=9',
      ),
    ).toEqual({
      seed: 9,
      probabilities: { appliance_offline: 0.1, rp_in_use: 0.05 },
      forced: [
        { fault: 'autoverify_fail', kind: 'system', id: 7 },
        { fault: 'appliance_offline', kind: 'appliance', id: 12 },
        { fault: 'rp_in_use', kind: 'rp', id: 345 },
      ],
    });
    expect(parseFaults('')).toEqual({ seed: 1, probabilities: {}, forced: [] });
  });

  it('rejects what it cannot read, naming the entry', () => {
    expect(() => parseFaults('appliance_ofline=0.1')).toThrow(/Unknown simulator fault "appliance_ofline"/);
    expect(() => parseFaults('rp_in_use=1.5')).toThrow(/0..1/);
    expect(() => parseFaults('rp_in_use')).toThrow(/Cannot read/);
    expect(() => parseFaults('timeout@vm:3')).toThrow(/Cannot read/);
  });
});

describe('FaultPlan', () => {
  const s = { systemId: 1, applianceId: 12, restorePointId: 99 };

  it('always strikes a forced subject, and only that one', () => {
    const plan = new FaultPlan(parseFaults('appliance_offline@12,autoverify_fail@system:2'));
    expect(plan.strikes('appliance_offline', s)).toBe(true);
    expect(plan.strikes('appliance_offline', { ...s, applianceId: 13 })).toBe(false);
    expect(plan.strikes('autoverify_fail', s)).toBe(false);
    expect(plan.strikes('autoverify_fail', { ...s, systemId: 2 })).toBe(true);
  });

  it('draws probabilities from a seeded sequence: reproducible, and a retry gets a fresh draw', () => {
    const draws = (text: string) => {
      const plan = new FaultPlan(parseFaults(text));
      return Array.from({ length: 2000 }, (_, i) =>
        plan.strikes('rp_in_use', { ...s, restorePointId: i % 50 }),
      );
    };
    const a = draws('rp_in_use=0.2');
    expect(draws('rp_in_use=0.2')).toEqual(a);
    expect(draws('rp_in_use=0.2,seed=2')).not.toEqual(a);
    const share = a.filter(Boolean).length / a.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
    // The same subject asked again does not always get the same answer.
    const again = new FaultPlan(parseFaults('rp_in_use=0.5'));
    const answers = new Set(Array.from({ length: 20 }, () => again.strikes('rp_in_use', s)));
    expect(answers.size).toBe(2);
  });

  it('never strikes appliance faults for a direct-to-cloud system without a forced rule', () => {
    const plan = new FaultPlan(parseFaults('appliance_offline=1'));
    expect(plan.strikes('appliance_offline', { ...s, applianceId: null })).toBe(false);
  });

  it('knows a client subject: the natural one of the failover faults, or named', () => {
    const plan = new FaultPlan(parseFaults('failover_failed@7,runbook_failed@client:8'));
    expect(plan.strikes('failover_failed', { ...s, clientId: 7 })).toBe(true);
    expect(plan.strikes('failover_failed', { ...s, systemId: 7 })).toBe(false);
    expect(plan.strikes('runbook_failed', { ...s, clientId: 8 })).toBe(true);
    expect(new FaultPlan(parseFaults('failover_failed=1')).strikes('failover_failed', s)).toBe(false);
  });
});

describe('PORT_FAULTS', () => {
  it('gives every port its faults, and SIM_FAULTS accepts each of them', () => {
    expect(Object.keys(PORT_FAULTS).sort()).toEqual(
      ['autoverify', 'azure', 'failover', 'files', 'fleet', 'ftps', 'virtualization'].sort(),
    );
    for (const faults of Object.values(PORT_FAULTS))
      for (const f of faults) {
        expect(FAULT_NAMES).toContain(f);
        expect(parseFaults(`${f}=0.5`).probabilities).toEqual({ [f]: 0.5 });
      }
  });
});
