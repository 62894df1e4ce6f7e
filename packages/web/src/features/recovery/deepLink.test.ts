import { describe, expect, it } from 'vitest';
import { parseRecoverParam, recoverParam } from './deepLink';

describe('?recover= deep link', () => {
  it('reads the three entry points, with an optional start step for a device', () => {
    expect(parseRecoverParam('reseller:3')).toEqual({ kind: 'reseller', resellerId: 3 });
    expect(parseRecoverParam('client:6')).toEqual({ kind: 'client', clientId: 6 });
    expect(parseRecoverParam('device:12')).toEqual({ kind: 'device', deviceId: 12 });
    expect(parseRecoverParam('device:12:setJob')).toEqual({
      kind: 'device',
      deviceId: 12,
      startStep: 'setJob',
    });
  });

  it('ignores anything else', () => {
    for (const bad of [
      null,
      '',
      'reseller',
      'reseller:0',
      'reseller:x',
      'client:6:type',
      'vault:1',
      'device:1:<b>',
    ]) {
      expect(parseRecoverParam(bad)).toBeNull();
    }
  });

  it('writes what it reads', () => {
    for (const raw of ['reseller:3', 'client:6', 'device:12:setJob'])
      expect(recoverParam(parseRecoverParam(raw) as never)).toBe(raw);
  });
});
