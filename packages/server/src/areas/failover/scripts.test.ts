import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applianceScript, firewallScript } from './scripts';

// Every script the console hands out is run here, not only read (spec: recovery-flow 7
// client_failover_script, appliance_failover_script): `sh -n` and `bash -n`, then a run under
// both shells against stubs of the commands it calls (id, ip, iptables, ping, df), first and
// only on PATH, which log the calls they receive. A command the script calls that has no stub
// fails the run (127), as the quoting error in the list of systems once did at line 21.

const NOW = Date.UTC(2026, 10, 27, 8, 0);
const SHELLS = ['/bin/sh', '/bin/bash'] as const;

let dir: string;
let bin: string;

const STUB = `#!/bin/sh
# Logs its call, then answers as the real command would on a router with the tunnel up.
name="\${0##*/}"
echo "$name $*" >> "$STUB_LOG"
case "$name" in
  id) echo "\${STUB_UID:-0}" ;;
  ip) if [ "$1 $2" = "link show" ] && [ -n "\${STUB_LINK_DOWN:-}" ]; then exit 1; fi ;;
  iptables) if [ "$1" = "-C" ]; then exit 1; fi ;;
  ping) for a in "$@"; do [ "$a" = "\${STUB_PING_DOWN:-none}" ] && exit 1; done ;;
  df) echo "Filesystem 1024-blocks Used Available Capacity Mounted on"
      echo "/dev/sda1 1000000000 1 \${STUB_FREE_KB:-209715200} 1% /var/lib" ;;
esac
exit 0
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lifeboat-scripts-'));
  bin = join(dir, 'bin');
  mkdirSync(bin);
  const stub = join(dir, 'stub');
  writeFileSync(stub, STUB);
  chmodSync(stub, 0o755);
  for (const cmd of ['id', 'ip', 'iptables', 'ping', 'df']) symlinkSync(stub, join(bin, cmd));
  // The one real tool the appliance script needs besides the shell's own builtins.
  const awk = spawnSync('/bin/sh', ['-c', 'command -v awk']).stdout.toString().trim();
  symlinkSync(awk, join(bin, 'awk'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(shell: string, text: string, args: string[] = [], env: Record<string, string> = {}) {
  const file = join(dir, 'script.sh');
  const log = join(dir, 'calls.log');
  writeFileSync(file, text);
  writeFileSync(log, '');
  const r = spawnSync(shell, [file, ...args], {
    env: { PATH: bin, STUB_LOG: log, ...env },
    encoding: 'utf8',
    timeout: 10_000,
  });
  const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, calls };
}

function syntaxOk(text: string) {
  const file = join(dir, 'syntax.sh');
  writeFileSync(file, text);
  for (const shell of SHELLS) {
    const r = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
    expect(r.stderr, `${shell} -n`).toBe('');
    expect(r.status, `${shell} -n`).toBe(0);
  }
}

const office = (type: 'test' | 'production') => ({
  clientName: "O'Brien & Sons (Dublin)",
  type,
  gateway: '10.20.0.1',
  netmask: '255.255.255.0',
  officeAddress: 'vo-17.virtual-office.lifeboat.test',
  systems: [
    { name: 'DC01', ip: '10.20.0.10' },
    { name: 'SQL (main) "prod"', ip: '10.20.0.11' },
    { name: 'FILES $HOME `x`', ip: null },
  ],
});

describe('the firewall script', () => {
  for (const shell of SHELLS)
    it(`routes the office and checks each system (${shell})`, () => {
      const text = firewallScript(office('test'), NOW);
      syntaxOk(text);
      const r = run(shell, text, [], { STUB_PING_DOWN: '10.20.0.11' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.calls).toEqual([
        'id -u',
        'ip link show lifeboat0',
        'ip route replace 10.20.0.0/24 dev lifeboat0',
        'iptables -N LIFEBOAT_VO',
        'iptables -C FORWARD -j LIFEBOAT_VO',
        'iptables -I FORWARD 1 -j LIFEBOAT_VO',
        'iptables -A LIFEBOAT_VO -i eth1 -o lifeboat0 -d 10.20.0.0/24 -j ACCEPT',
        'iptables -A LIFEBOAT_VO -i lifeboat0 -o eth1 -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT',
        'iptables -A LIFEBOAT_VO -i lifeboat0 -o eth1 -j DROP',
        'ping -c 1 -W 2 10.20.0.10',
        'ping -c 1 -W 2 10.20.0.11',
      ]);
      expect(r.stdout).toContain('Office network 10.20.0.0/24 routed through lifeboat0 (gateway 10.20.0.1).');
      expect(r.stdout).toContain('DC01 (10.20.0.10) answers');
      expect(r.stdout).toContain('SQL (main) _prod_ (10.20.0.11) does not answer yet');
      expect(r.stdout).toContain('FILES _HOME _x_: address from the office DHCP');
    });

  it('lets a production office reach the LAN, on the interfaces given', () => {
    const r = run('/bin/sh', firewallScript(office('production'), NOW), [], {
      TUNNEL_IF: 'wg0',
      LAN_IF: 'br-lan',
    });
    expect(r.status).toBe(0);
    expect(r.calls).toContain('iptables -A LIFEBOAT_VO -i wg0 -o br-lan -s 10.20.0.0/24 -j ACCEPT');
    expect(r.calls.some((c) => c.endsWith('-j DROP'))).toBe(false);
  });

  it('works for an office without systems yet (the plan)', () => {
    const text = firewallScript({ ...office('test'), officeAddress: null, systems: [] }, NOW);
    syntaxOk(text);
    const r = run('/bin/bash', text);
    expect(r.status).toBe(0);
    expect(r.calls.filter((c) => c.startsWith('ping'))).toEqual([]);
  });

  it('stops before any change when the tunnel is down or the user is not root', () => {
    const text = firewallScript(office('test'), NOW);
    const down = run('/bin/sh', text, [], { STUB_LINK_DOWN: '1' });
    expect(down.status).toBe(1);
    expect(down.stderr).toContain('The tunnel interface lifeboat0 is not up.');
    expect(down.calls).toEqual(['id -u', 'ip link show lifeboat0']);
    const user = run('/bin/sh', text, [], { STUB_UID: '1000' });
    expect(user.status).toBe(1);
    expect(user.stderr).toContain('Run this script as root.');
    expect(user.calls).toEqual(['id -u']);
  });

  it('undoes its settings', () => {
    const r = run('/bin/bash', firewallScript(office('test'), NOW), ['--undo']);
    expect(r.status).toBe(0);
    expect(r.calls).toEqual([
      'id -u',
      'ip route del 10.20.0.0/24 dev lifeboat0',
      'iptables -D FORWARD -j LIFEBOAT_VO',
      'iptables -F LIFEBOAT_VO',
      'iptables -X LIFEBOAT_VO',
    ]);
    expect(r.stdout).toContain('Removed the virtual office settings.');
  });
});

describe('the appliance script', () => {
  const appliance = {
    name: 'Appliance "A" (rack 2)',
    sid: 'SID-01',
    systems: ['DC01', "Bob's PC"],
    gateway: '10.20.0.1',
    netmask: '255.255.255.0',
  };

  for (const shell of SHELLS)
    it(`creates the bridge when the appliance has room (${shell})`, () => {
      const text = applianceScript(appliance, NOW);
      syntaxOk(text);
      const r = run(shell, text, [], { STUB_LINK_DOWN: '1' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.calls).toEqual([
        'id -u',
        'ip link show lbvo0',
        'ip link add name lbvo0 type bridge',
        'ip addr replace 10.20.0.1/24 dev lbvo0',
        'ip link set lbvo0 up',
        'iptables -C INPUT -i lbvo0 -p tcp --dport 5900:5999 -j ACCEPT',
        'iptables -A INPUT -i lbvo0 -p tcp --dport 5900:5999 -j ACCEPT',
        'iptables -C FORWARD -i lbvo0 ! -o lbvo0 -j DROP',
        'iptables -A FORWARD -i lbvo0 ! -o lbvo0 -j DROP',
        'df -Pk /var/lib',
      ]);
      expect(r.stdout).toContain(
        'Appliance ready: bridge lbvo0 on 10.20.0.0/24, 200 GB free for: DC01, Bob_s PC',
      );
    });

  it('says how much room is missing', () => {
    const r = run('/bin/sh', applianceScript(appliance, NOW), [], { STUB_FREE_KB: String(10 * 1048576) });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Only 10 GB free; the virtual office needs about 80 GB for: DC01, Bob_s PC');
  });
});
