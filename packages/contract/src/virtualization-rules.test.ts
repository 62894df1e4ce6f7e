import { describe, expect, it } from 'vitest';
import { localVmFields } from './virtualization';
import {
  cpuChoices,
  isIPv4,
  medianMemory,
  memoryChoices,
  NOT_VIRTUALIZED,
  revokeTarget,
  type VmStateFacts,
  vmStateCheck,
  vncPasswordOk,
} from './virtualization-rules';

// spec: recovery-flow 4 'VM state check before export', 'Share exposure'; 5; 9.

const none: VmStateFacts = NOT_VIRTUALIZED;
const virt = (p: Partial<VmStateFacts>) => ({ ...none, virtualized: true, ...p });
const exposed = (format: string, loading: boolean) => ({ share_id: 7, format, loading });

describe('the VM state check', () => {
  it('an error goes to the error step', () => {
    expect(vmStateCheck({ error: 'x' }, null, 'VMDK')).toEqual({ step: 'error' });
  });
  it.each([
    ['vmdk_disabled', { vmdk_disabled: true }],
    ['bmr', { bmr: true }],
    ['transition', { transition: true }],
    ['testfailover', { testfailover: true }],
  ] as const)('virtualized with %s goes to vmRunning with that screen', (screen, p) => {
    expect(vmStateCheck(virt(p), null, 'VMDK')).toEqual({ step: 'vmRunning', screen });
  });
  it('the vmRunning causes in the order of decisions.md: vmdk_disabled, bmr, transition, test failover', () => {
    const all = { vmdk_disabled: true, bmr: true, transition: true, testfailover: true };
    expect(vmStateCheck(virt(all), null, 'VMDK')).toEqual({ step: 'vmRunning', screen: 'vmdk_disabled' });
    expect(vmStateCheck(virt({ ...all, vmdk_disabled: false }), null, 'VMDK')).toMatchObject({
      screen: 'bmr',
    });
    expect(vmStateCheck(virt({ testfailover: true, transition: true }), null, 'VMDK')).toMatchObject({
      screen: 'transition',
    });
    // Any of them outranks a running production VM.
    expect(vmStateCheck(virt({ production: true, running: true, bmr: true }), null, 'VMDK')).toMatchObject({
      step: 'vmRunning',
    });
  });
  it('virtualized, neither production nor test nor a rarer state (the spec is silent): setJob', () => {
    expect(vmStateCheck(virt({}), exposed('VMDK', true), 'VMDK')).toEqual({ step: 'setJob' });
  });
  it('production and running continues to setJob, even with an exposed disk', () => {
    expect(vmStateCheck(virt({ production: true, running: true }), exposed('VMDK', false), 'VMDK')).toEqual({
      step: 'setJob',
    });
  });
  it('production not running: revokeMount with an exposed disk, else setJob', () => {
    expect(vmStateCheck(virt({ production: true }), exposed('VHD', false), 'VMDK')).toEqual({
      step: 'revokeMount',
      shareId: 7,
    });
    expect(vmStateCheck(virt({ production: true }), null, 'VMDK')).toEqual({ step: 'setJob' });
  });
  it('not virtualized: load mode for a waiting disk of the same format, revokeMount otherwise, else setJob', () => {
    expect(vmStateCheck(none, exposed('VHDX', true), 'VHDX')).toEqual({
      step: 'exportVm',
      load: true,
      shareId: 7,
    });
    expect(vmStateCheck(none, exposed('VMDK', true), 'VHDX')).toEqual({ step: 'revokeMount', shareId: 7 });
    expect(vmStateCheck(none, exposed('VHDX', false), 'VHDX')).toEqual({ step: 'revokeMount', shareId: 7 });
    expect(vmStateCheck(none, null, 'VHDX')).toEqual({ step: 'setJob' });
  });
  it('revoking a mount goes to setDevice for exports, setupLocalVm for the appliance, else closes', () => {
    expect(revokeTarget('vhdx-export')).toBe('setDevice');
    expect(revokeTarget('vm-export')).toBe('setDevice');
    expect(revokeTarget('appliance')).toBe('setupLocalVm');
    expect(revokeTarget('cloud')).toBe('close');
    expect(revokeTarget(null)).toBe('close');
  });
});

describe('the local VM sliders', () => {
  it('memory starts at the reported minimum; the median is chosen by rounding', () => {
    const sizes = memoryChoices([8192, 1024, 2048, 4096, 16384], 2048);
    expect(sizes).toEqual([2048, 4096, 8192, 16384]);
    expect(medianMemory(sizes)).toBe(8192); // index round(1.5) = 2
    expect(medianMemory([2048, 4096, 8192])).toBe(4096);
    expect(memoryChoices([1024], 2048)).toEqual([2048]);
  });
  it('the CPU slider covers the reported range, never below the minimum', () => {
    expect(cpuChoices([1, 4], 1)).toEqual([1, 2, 3, 4]);
    expect(cpuChoices([1, 4], 2)).toEqual([2, 3, 4]);
  });
});

describe('the IPv4 and VNC rules', () => {
  it.each(['192.168.1.50', '10.0.0.1', '0.0.0.0', '255.255.255.255'])('%s is IPv4', (ip) => {
    expect(isIPv4(ip)).toBe(true);
  });
  it.each(['', '1.2.3', '256.1.1.1', '01.2.3.4', '1.2.3.4.5', 'a.b.c.d', '1.2.3.-4'])('%s is not', (ip) => {
    expect(isIPv4(ip)).toBe(false);
  });
  it('a VNC password must not be blank when VNC is on', () => {
    expect(vncPasswordOk(true, '  ')).toBe(false);
    expect(vncPasswordOk(true, 'x')).toBe(true);
    expect(vncPasswordOk(false, '')).toBe(true);
  });
  it('the form: the current address forces VNC on (so a password) and skips the IP check', () => {
    const base = { vmSizeMb: 4096, vmCpus: 2, vncPasswd: '', testIpAddress: '', isTest: true };
    const r = localVmFields.safeParse({ ...base, useVNC: false, useCurrentAddress: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toEqual(['vncPasswd']);
    const ok = localVmFields.parse({ ...base, vncPasswd: 'pw', useVNC: false, useCurrentAddress: true });
    expect(ok.useVNC).toBe(true);
    const ip = localVmFields.safeParse({
      ...base,
      useVNC: false,
      useCurrentAddress: false,
      testIpAddress: '1.2.3',
    });
    expect(ip.error?.issues.map((i) => i.path[0])).toEqual(['testIpAddress']);
  });
});
