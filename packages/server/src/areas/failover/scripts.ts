import type { AppContext } from '../../context';
import { BadRequestError } from '../../http/errors';
import { type Actor, findInScope, scoped } from '../../scope';
import { loadClient } from '../recovery/access';
import { defaultNetwork } from './load';

// The failover scripts (spec: recovery-flow 7 client_failover_script, appliance_failover_script;
// issue 16.3): real shell scripts a technician reads and runs on the site's Linux firewall or on
// the appliance, written from the office's network and systems. Not a placeholder.

/** 255.255.255.0 -> 24 */
export function prefixLength(netmask: string): number {
  return netmask
    .split('.')
    .map((o) => Number(o).toString(2).replace(/0/g, '').length)
    .reduce((a, b) => a + b, 0);
}

/** The network address of gateway/netmask: 10.107.0.1 + 255.255.255.0 -> 10.107.0.0 */
export function networkOf(gateway: string, netmask: string): string {
  const g = gateway.split('.').map(Number);
  const m = netmask.split('.').map(Number);
  return g.map((o, i) => o & (m[i] ?? 0)).join('.');
}

const safe = (s: string) => s.replace(/[^\w .@()-]/g, '_');
const iso = (ms: number) => new Date(ms).toISOString();

interface ScriptOffice {
  clientName: string;
  type: 'test' | 'production';
  gateway: string;
  netmask: string;
  officeAddress: string | null;
  systems: { name: string; ip: string | null }[];
}

export function firewallScript(o: ScriptOffice, now: number): string {
  const cidr = `${networkOf(o.gateway, o.netmask)}/${prefixLength(o.netmask)}`;
  // One "address name" line per system inside SYSTEMS' double quotes: a quote of its own would end
  // that string and run the rest of the line as a command (exit 127). safe() leaves no quote, $ or
  // backquote in a name.
  const hosts = o.systems.map((s) => `${s.ip ?? 'dhcp'} ${safe(s.name)}`).join('\n');
  return `#!/bin/sh
# Lifeboat virtual office: site firewall settings for ${safe(o.clientName)} (${o.type} failover)
# Generated ${iso(now)}. Run as root on the site's Linux firewall or router:  sh ./this-file
#
# What it does:
#  1. routes the office network ${cidr} through the tunnel to the virtual office;
#  2. lets the site's LAN reach the office (and answers come back);
#  3. ${o.type === 'test' ? 'keeps the test office isolated: nothing from the office may start a connection to the LAN' : 'lets the office reach the LAN, as the production servers did'};
#  4. checks that each system of the office answers.
# Undo everything with:  sh ./this-file --undo
set -eu

OFFICE_NET="${cidr}"
OFFICE_GATEWAY="${o.gateway}"
OFFICE_ENDPOINT="${o.officeAddress ?? 'set-when-the-office-runs.virtual-office.lifeboat.test'}"
TUNNEL_IF="\${TUNNEL_IF:-lifeboat0}"
LAN_IF="\${LAN_IF:-eth1}"
CHAIN="LIFEBOAT_VO"

SYSTEMS="
${hosts}
"

if [ "$(id -u)" -ne 0 ]; then echo "Run this script as root." >&2; exit 1; fi

undo() {
  ip route del "$OFFICE_NET" dev "$TUNNEL_IF" 2>/dev/null || true
  iptables -D FORWARD -j "$CHAIN" 2>/dev/null || true
  iptables -F "$CHAIN" 2>/dev/null || true
  iptables -X "$CHAIN" 2>/dev/null || true
  echo "Removed the virtual office settings."
}

if [ "\${1:-}" = "--undo" ]; then undo; exit 0; fi

if ! ip link show "$TUNNEL_IF" >/dev/null 2>&1; then
  echo "The tunnel interface $TUNNEL_IF is not up. Connect the VPN to $OFFICE_ENDPOINT first," >&2
  echo "or run again with TUNNEL_IF=<interface>." >&2
  exit 1
fi

ip route replace "$OFFICE_NET" dev "$TUNNEL_IF"
iptables -N "$CHAIN" 2>/dev/null || iptables -F "$CHAIN"
iptables -C FORWARD -j "$CHAIN" 2>/dev/null || iptables -I FORWARD 1 -j "$CHAIN"
iptables -A "$CHAIN" -i "$LAN_IF" -o "$TUNNEL_IF" -d "$OFFICE_NET" -j ACCEPT
iptables -A "$CHAIN" -i "$TUNNEL_IF" -o "$LAN_IF" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
${
  o.type === 'test'
    ? 'iptables -A "$CHAIN" -i "$TUNNEL_IF" -o "$LAN_IF" -j DROP'
    : 'iptables -A "$CHAIN" -i "$TUNNEL_IF" -o "$LAN_IF" -s "$OFFICE_NET" -j ACCEPT'
}

echo "Office network $OFFICE_NET routed through $TUNNEL_IF (gateway $OFFICE_GATEWAY)."
echo "$SYSTEMS" | while read -r ip name; do
  [ -z "$ip" ] && continue
  if [ "$ip" = "dhcp" ]; then echo "  $name: address from the office DHCP"; continue; fi
  if ping -c 1 -W 2 "$ip" >/dev/null 2>&1; then echo "  $name ($ip) answers"; else echo "  $name ($ip) does not answer yet"; fi
done
`;
}

export function applianceScript(
  a: { name: string; sid: string; systems: string[]; gateway: string; netmask: string },
  now: number,
): string {
  const cidr = `${networkOf(a.gateway, a.netmask)}/${prefixLength(a.netmask)}`;
  return `#!/bin/sh
# Lifeboat virtual office: prepare appliance ${safe(a.name)} (${safe(a.sid)}) to run a virtual office
# Generated ${iso(now)}. Run as root on the appliance:  sh ./this-file
#
# It creates the isolated bridge the office's machines attach to, gives it the office gateway,
# lets the console reach the machines' screens (VNC 5900-5999 from the bridge only) and checks
# that the appliance has room for the machines below.
set -eu

BRIDGE="lbvo0"
OFFICE_NET="${cidr}"
OFFICE_GATEWAY="${a.gateway}/${prefixLength(a.netmask)}"
SYSTEMS="${a.systems.map(safe).join(', ') || 'none yet'}"
MIN_FREE_GB=\${MIN_FREE_GB:-${Math.max(20, a.systems.length * 40)}}

if [ "$(id -u)" -ne 0 ]; then echo "Run this script as root." >&2; exit 1; fi

ip link show "$BRIDGE" >/dev/null 2>&1 || ip link add name "$BRIDGE" type bridge
ip addr replace "$OFFICE_GATEWAY" dev "$BRIDGE"
ip link set "$BRIDGE" up

iptables -C INPUT -i "$BRIDGE" -p tcp --dport 5900:5999 -j ACCEPT 2>/dev/null || \\
  iptables -A INPUT -i "$BRIDGE" -p tcp --dport 5900:5999 -j ACCEPT
iptables -C FORWARD -i "$BRIDGE" ! -o "$BRIDGE" -j DROP 2>/dev/null || \\
  iptables -A FORWARD -i "$BRIDGE" ! -o "$BRIDGE" -j DROP

FREE_GB=$(df -Pk /var/lib | awk 'NR==2 { printf "%d", $4 / 1048576 }')
if [ "$FREE_GB" -lt "$MIN_FREE_GB" ]; then
  echo "Only $FREE_GB GB free; the virtual office needs about $MIN_FREE_GB GB for: $SYSTEMS" >&2
  exit 1
fi
echo "Appliance ready: bridge $BRIDGE on $OFFICE_NET, $FREE_GB GB free for: $SYSTEMS"
`;
}

const isTestOf = (raw: string | undefined): boolean => {
  if (raw === undefined || raw === '0') return false;
  if (raw === '1') return true;
  throw new BadRequestError('The last part of the address must be 1 (test) or 0 (production).');
};

/** GET /client/client_failover_script/{clientId}[/{isTest}]: the office of that type, or the plan. */
export async function clientScript(
  ctx: AppContext,
  actor: Actor,
  clientId: number,
  isTestRaw: string | undefined,
) {
  const db = ctx.dbh.db;
  const client = await loadClient(db, actor, clientId);
  const type = isTestOf(isTestRaw) ? 'test' : 'production';
  const f = await scoped(db, actor)
    .selectFrom('failovers')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('type', '=', type)
    .where('phase', 'in', ['new', 'started', 'awaiting_approval'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const systems = f
    ? await scoped(db, actor)
        .selectFrom('failover_systems')
        .select(['name', 'ip_address', 'requested_ip'])
        .where('failover_id', '=', f.id)
        .orderBy('group_no')
        .orderBy('position')
        .execute()
    : [];
  const net = f ? { gateway: f.gateway, netmask: f.netmask } : defaultNetwork(clientId);
  const text = firewallScript(
    {
      clientName: client.name,
      type,
      ...net,
      officeAddress: f?.office_address ?? null,
      systems: systems.map((s) => ({ name: s.name, ip: s.ip_address ?? s.requested_ip })),
    },
    ctx.clock.now(),
  );
  return { text, fileName: `${safe(client.name).replace(/\s+/g, '-')}-${type}-office-firewall.sh` };
}

/** GET /appliance/appliance_failover_script/{applianceId}. */
export async function applianceScriptOf(ctx: AppContext, actor: Actor, applianceId: number) {
  const db = ctx.dbh.db;
  const a = await findInScope(db, actor, 'appliances', applianceId, 'This appliance');
  const systems = await scoped(db, actor)
    .selectFrom('protected_systems')
    .select('name')
    .where('appliance_id', '=', a.id)
    .orderBy('name_lc')
    .execute();
  const text = applianceScript(
    { name: a.name, sid: a.sid, systems: systems.map((s) => s.name), ...defaultNetwork(Number(a.client_id)) },
    ctx.clock.now(),
  );
  return { text, fileName: `${safe(a.name).replace(/\s+/g, '-')}-virtual-office.sh` };
}
