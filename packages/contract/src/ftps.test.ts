import { describe, expect, it } from 'vitest';
import { ftpsRecordView, rbIneligibility } from './ftps';

describe('FTPS rules', () => {
  it('eligibility: macOS and NAS cannot export disks; no valid system cannot export', () => {
    expect(rbIneligibility({ systemOsType: 'MAC_OS_X', ftpsAllowed: true }, true)).toBe('mac');
    expect(rbIneligibility({ systemOsType: 'NAS', ftpsAllowed: true }, true)).toBe('nas');
    expect(rbIneligibility({ systemOsType: 'MAC_OS_X', ftpsAllowed: true }, false)).toBeNull();
    expect(rbIneligibility({ systemOsType: 'WINDOWS', ftpsAllowed: false }, false)).toBe('no_valid_system');
    expect(rbIneligibility({ systemOsType: 'WINDOWS', ftpsAllowed: true }, true)).toBeNull();
  });

  it('feed: expired or discarding items show discarding and hide the action', () => {
    const now = 1_000_000_000_000;
    expect(ftpsRecordView({ status: 'ready', expire: now / 1000 + 60 }, now)).toMatchObject({
      label: 'ready',
      canDiscard: true,
    });
    expect(ftpsRecordView({ status: 'ready', expire: now / 1000 - 1 }, now)).toMatchObject({
      label: 'discarding',
      canDiscard: false,
    });
    expect(ftpsRecordView({ status: 'discarding', expire: null }, now)).toMatchObject({ canDiscard: false });
    expect(ftpsRecordView({ status: 'expired', expire: null }, now).label).toBe('discarding');
  });
});
