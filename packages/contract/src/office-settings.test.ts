import { describe, expect, it } from 'vitest';
import { isCidr, isIpv4 } from './fields';
import { ipsecSiteForm, runbookSettings, subnetsProblem } from './office-settings';
import { addAppliancesForm, cleanSidsInput, splitSids, windowText } from './update-schedules';

// The rules of issue 17.5-6: IPv4 and CIDR, the IPsec limits (spec 5, 9: 10 subnets per site),
// the runbook lists, and the add-appliances input (recovery-flow 5).

describe('network fields', () => {
  it('reads IPv4 addresses and networks with their host bits zero', () => {
    expect(isIpv4('203.0.113.10')).toBe(true);
    expect(isIpv4('256.1.1.1')).toBe(false);
    expect(isIpv4('01.2.3.4')).toBe(false);
    expect(isIpv4('1.2.3')).toBe(false);
    expect(isCidr('192.168.1.0/24')).toBe(true);
    expect(isCidr('0.0.0.0/0')).toBe(true);
    expect(isCidr('10.0.0.5/32')).toBe(true);
    expect(isCidr('192.168.1.1/24')).toBe(false);
    expect(isCidr('192.168.1.0/33')).toBe(false);
    expect(isCidr('192.168.1.0')).toBe(false);
  });
});

describe('IPsec site rules', () => {
  it('needs 1 to 10 distinct networks', () => {
    expect(subnetsProblem([])).toMatch(/at least one/);
    expect(subnetsProblem(['10.0.0.0/8'])).toBeNull();
    expect(subnetsProblem(Array.from({ length: 10 }, (_, i) => `10.${i}.0.0/16`))).toBeNull();
    expect(subnetsProblem(Array.from({ length: 11 }, (_, i) => `10.${i}.0.0/16`))).toBe(
      'A site can have at most 10 remote subnets.',
    );
    expect(subnetsProblem(['10.0.0.0/8', '10.0.0.0/8'])).toBe('The subnet 10.0.0.0/8 is listed twice.');
  });

  it('splits the typed subnets and puts one message on the field', () => {
    const ok = ipsecSiteForm.safeParse({
      name: ' Head office ',
      public_ip: '203.0.113.1',
      remote_ip: '10.0.0.1',
      remote_name: 'fw.example.com',
      remote_subnets: '192.168.1.0/24,\n10.1.0.0/16',
    });
    expect(ok.success && ok.data).toMatchObject({
      name: 'Head office',
      remote_subnets: ['192.168.1.0/24', '10.1.0.0/16'],
    });
    const bad = ipsecSiteForm.safeParse({
      name: 'x',
      public_ip: '1.2.3',
      remote_ip: '10.0.0.1',
      remote_name: 'fw',
      remote_subnets: '192.168.1.5/24',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['public_ip', 'remote_subnets']);
  });
});

describe('runbook settings', () => {
  it('normalises names, single addresses and MACs, and refuses a bad entry by name', () => {
    const r = runbookSettings.parse({
      vpn_users: ['Alice'],
      dhcp_dns_servers: ['1.1.1.1'],
      s2s_allowed_ips: ['10.0.0.5'],
      auth_method: 'ad',
      connection_type: 'secure',
      port_forwards: [],
      dhcp_mappings: [{ mac: 'AA-BB-CC-DD-EE-FF', ip: '10.0.0.9' }],
    });
    expect(r).toMatchObject({ vpn_users: ['alice'], s2s_allowed_ips: ['10.0.0.5/32'] });
    expect(r.dhcp_mappings[0]?.mac).toBe('aa:bb:cc:dd:ee:ff');
    const bad = runbookSettings.safeParse({ ...r, dhcp_dns_servers: ['1.1.1.1', 'dns.example'] });
    expect(bad.error?.issues[0]?.message).toBe('dns.example is not an IPv4 address such as 8.8.8.8.');
  });
});

describe('the add-appliances input (recovery-flow 5)', () => {
  it('keeps digits, lower-case letters and commas, and splits on commas', () => {
    expect(cleanSidsInput('AB-c1, d2;e3')).toBe('c1,d2e3');
    expect(splitSids('a1,,b2,a1,')).toEqual(['a1', 'b2']);
    expect(addAppliancesForm.safeParse({ app_sids: ',' }).error?.issues[0]?.message).toBe(
      'Enter at least one appliance identifier.',
    );
    expect(addAppliancesForm.parse({ app_sids: 'a1,b2' }).app_sids).toEqual(['a1', 'b2']);
  });

  it('writes the window as people read it, across midnight', () => {
    expect(windowText('sun', '22:00', 4)).toBe('Sunday 22:00–02:00');
    expect(windowText('mon', '01:30', 2)).toBe('Monday 01:30–03:30');
  });
});
