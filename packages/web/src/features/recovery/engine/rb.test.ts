import type { RbDeviceRow } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { initialState } from './state';
import { reduce } from './transitions';

const device = (o: Partial<RbDeviceRow> = {}): RbDeviceRow => ({
  id: 5,
  psName: 'FS01',
  applianceName: 'A',
  systemType: 'server',
  systemOsType: 'WINDOWS',
  latestCloudRp: 1,
  ftpsAllowed: true,
  isPasswordProtected: false,
  ...o,
});
const start = () => {
  const s = initialState({ kind: 'client', clientId: 1 });
  return { ...s, step: { name: 'typeRB' as const } };
};

describe('second-tool transitions', () => {
  it('files: typeRB -> rbSetDevice -> selectRestorePoint -> rbSelectFiles -> recoveryInProgress -> exportComplete', () => {
    let s = reduce(start(), { type: 'rbChooseType', kind: 'ffr' });
    expect(s.step.name).toBe('rbSetDevice');
    s = reduce(s, { type: 'rbChooseDevice', device: device() });
    expect(s.step.name).toBe('selectRestorePoint');
    s = reduce(s, { type: 'rbChoosePoint', point: { id: 9, label: 'x' } });
    expect(s.step.name).toBe('rbSelectFiles');
    s = reduce(s, { type: 'rbStarted', uuid: 'u' });
    expect(s.step.name).toBe('recoveryInProgress');
    const status = {
      export_id: 3,
      percent: 100,
      step: null,
      rpInUseError: false,
      isRecoverError: false,
      error: null,
    };
    s = reduce(s, { type: 'rbStatus', status: { ...status, status: 'COMPLETED' } });
    expect(s.step.name).toBe('exportComplete');
    expect(s.data.rb.exportId).toBe(3);
  });

  it('a protected system asks for its password; an empty one does not pass', () => {
    let s = reduce(start(), { type: 'rbChooseType', kind: 'disk' });
    s = reduce(s, { type: 'rbChooseDevice', device: device({ isPasswordProtected: true }) });
    expect(s.step.name).toBe('setPsPassword');
    expect(reduce(s, { type: 'rbPasswordOk', password: '' })).toBe(s);
    s = reduce(s, { type: 'rbPasswordOk', password: 'pw' });
    expect(s.step.name).toBe('selectRestorePoint');
    s = reduce(s, { type: 'rbChoosePoint', point: { id: 9, label: 'x' } });
    expect(s.step.name).toBe('rbExportType');
    s = reduce(s, { type: 'rbChooseFormat', format: 'VMDK', exportType: 'fixed' });
    expect(s.step.name).toBe('exportVirtualDisk');
    expect(s.data.rb).toMatchObject({ password: 'pw', format: 'VMDK' });
  });

  it('ineligible rows are not chosen; errors stay on the progress step with their kind', () => {
    const s0 = reduce(start(), { type: 'rbChooseType', kind: 'disk' });
    expect(reduce(s0, { type: 'rbChooseDevice', device: device({ systemOsType: 'NAS' }) })).toBe(s0);
    let s = reduce(s0, { type: 'rbChooseDevice', device: device() });
    s = reduce(s, { type: 'rbChoosePoint', point: { id: 9, label: 'x' } });
    s = reduce(s, { type: 'rbStarted', uuid: 'u' });
    const base = { export_id: 3, percent: 0, step: null, isRecoverError: false, error: 'busy' };
    const inUse = reduce(s, { type: 'rbStatus', status: { ...base, status: 'ERROR', rpInUseError: true } });
    expect(inUse.step.name).toBe('recoveryInProgress');
    expect(inUse.data.rb.failure?.kind).toBe('rpInUse');
    const down = reduce(s, { type: 'rbNetworkError', message: 'x' });
    expect(down.data.rb.failure?.kind).toBe('network');
    // Retry after a network error follows the same export again; after an ERROR it is a new start.
    expect(reduce(down, { type: 'rbFollowAgain' }).data.rb).toMatchObject({ failure: null, exportUuid: 'u' });
    expect(reduce(inUse, { type: 'rbFollowAgain' })).toBe(inUse);
    // Retry: a new start clears the failure and stays on the step.
    const again = reduce(inUse, { type: 'rbStarted', uuid: 'v' });
    expect(again.step.name).toBe('recoveryInProgress');
    expect(again.data.rb).toMatchObject({ failure: null, exportUuid: 'v' });
  });
});
