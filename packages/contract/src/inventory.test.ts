import { describe, expect, it } from 'vitest';
import { type ActionFacts, rowActions } from './inventory';

// The inventory's action-menu rules (spec: inventory-reports-exports-security 4).

const vm = (over: Partial<ActionFacts>): ActionFacts => ({
  service_gen: 4,
  sva_job_status: 'Running',
  has_appliance: 1,
  appliance_online: 1,
  stoppable: 1,
  vm_busy: false,
  can_recover: true,
  ...over,
});

describe('rowActions in a virtualized tab', () => {
  it('offers start for an offline VM', () => {
    expect(rowActions(vm({ sva_job_status: 'Offline', stoppable: 0 }), true)).toEqual([
      'details',
      'start_vm',
    ]);
  });

  it('offers stop only when the running VM is stoppable, and discard always', () => {
    expect(rowActions(vm({}), true)).toEqual(['details', 'stop_vm', 'discard_vm']);
    expect(rowActions(vm({ stoppable: 0 }), true)).toEqual(['details', 'discard_vm']);
  });

  it('offers resume and discard for a stopped VM', () => {
    expect(rowActions(vm({ sva_job_status: 'Stopped', stoppable: 0 }), true)).toEqual([
      'details',
      'resume_vm',
      'discard_vm',
    ]);
  });

  it('offers details only for first-generation devices, an offline appliance or a busy VM', () => {
    expect(rowActions(vm({ service_gen: 2 }), true)).toEqual(['details']);
    expect(rowActions(vm({ appliance_online: 0 }), true)).toEqual(['details']);
    expect(rowActions(vm({ vm_busy: true }), true)).toEqual(['details']);
    expect(rowActions(vm({ sva_job_status: null }), true)).toEqual(['details']);
  });

  it('does not call a vault VM (no appliance) offline', () => {
    expect(
      rowActions(vm({ has_appliance: 0, appliance_online: 0, sva_job_status: 'Offline' }), true),
    ).toEqual(['details', 'start_vm']);
  });
});

describe('rowActions in the other tabs', () => {
  it('offers details, and recover where the organisation may recover', () => {
    expect(rowActions(vm({}), false)).toEqual(['details', 'recover']);
    expect(rowActions(vm({ can_recover: false }), false)).toEqual(['details']);
  });
});
