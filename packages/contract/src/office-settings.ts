import { z } from 'zod';
import { jsonWhole } from './call';
import { ipv4Rule, isCidr, isIpv4, macRule, splitList, textRule } from './fields';

// The virtual office's network settings of a client (issue 17.5; inventory-reports-exports-security
// 2 'Virtual office advanced settings', 3 'IPsec site' and 'Runbook settings', 5 and 9 'IPsec'):
// site-to-site VPN (IPsec) sites and the runbook settings a running office applies. The calls are
// not in the spec (docs/decisions.md 'Virtual office network settings').

/** spec 5, 9: at most 10 sites per client and 10 remote subnets per site. */
export const IPSEC_LIMITS = { sites: 10, subnetsPerSite: 10 } as const;
/** Runbook lists: bounds of ours (the spec shows none). */
export const RUNBOOK_LIMITS = {
  vpnUsers: 50,
  portForwards: 50,
  dnsServers: 4,
  mappings: 100,
  allowedIps: 20,
};

export const ipsecMessages = {
  tooManySites: `A client can have at most ${IPSEC_LIMITS.sites} IPsec sites.`,
  subnetsRequired: 'Enter at least one remote subnet, such as 192.168.1.0/24.',
  tooManySubnets: `A site can have at most ${IPSEC_LIMITS.subnetsPerSite} remote subnets.`,
  subnetTwice: (s: string) => `The subnet ${s} is listed twice.`,
  badSubnet: (s: string) =>
    `${s} is not a network: write it as 192.168.1.0/24 (the address with its host bits zero).`,
  nameTaken: 'Another site of this client already has this name.',
} as const;

/** The remote subnets rule: 1 to 10 distinct IPv4 networks; the first problem, or null. */
export function subnetsProblem(list: readonly string[]): string | null {
  if (list.length === 0) return ipsecMessages.subnetsRequired;
  if (list.length > IPSEC_LIMITS.subnetsPerSite) return ipsecMessages.tooManySubnets;
  const seen = new Set<string>();
  for (const s of list) {
    if (!isCidr(s)) return ipsecMessages.badSubnet(s.slice(0, 40));
    if (seen.has(s)) return ipsecMessages.subnetTwice(s);
    seen.add(s);
  }
  return null;
}

/** A list checked by `problem` as one field: its message sits on the field, not on an item. */
function listRule<T extends z.ZodType<string[]>>(items: T, problem: (l: string[]) => string | null) {
  return items.superRefine((list, ctx) => {
    const p = problem(list);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });
}

const siteFields = {
  name: textRule('site name', 64, true),
  public_ip: ipv4Rule('public IP'),
  remote_ip: ipv4Rule('remote IP'),
  remote_name: textRule('remote name', 64, true),
};

const siteId = jsonWhole(1, 2 ** 31, 'The site must be an id (a whole number from 1).');

/** POST .../save_ipsec_site/{clientId}: a new site, or a change of `site_id`. */
export const saveIpsecSiteBody = z.object({
  site_id: siteId.optional(),
  ...siteFields,
  remote_subnets: listRule(z.array(z.string().trim().max(18)).max(64), subnetsProblem).meta({
    examples: [['192.168.1.0/24']],
  }),
});
export type SaveIpsecSiteBody = z.infer<typeof saveIpsecSiteBody>;

/** The site dialog's form: the remote subnets typed in one box, split on commas and lines. */
export const ipsecSiteForm = z.object({
  ...siteFields,
  remote_subnets: listRule(z.string().max(2000).transform(splitList), subnetsProblem),
});

export const deleteIpsecSiteBody = z.object({ site_id: siteId });

export const ipsecSite = z.object({
  id: z.number().int(),
  name: z.string(),
  public_ip: z.string(),
  remote_ip: z.string(),
  remote_name: z.string(),
  remote_subnets: z.array(z.string()),
  /** The pre-shared key both ends use (shown with a copy button). */
  psk: z.string().nullable(),
  updated_at: z.number(),
});
export type IpsecSite = z.infer<typeof ipsecSite>;

// --- runbook settings ---

const port = z.number().int().min(1, 'Use a port from 1 to 65535.').max(65535, 'Use a port from 1 to 65535.');

export const portForward = z.object({
  ip: ipv4Rule('machine address'),
  protocol: z.enum(['tcp', 'udp']),
  public_port: port,
  private_port: port,
});
export const dhcpMapping = z.object({ mac: macRule, ip: ipv4Rule('address') });

const VPN_USER = /^[a-z0-9_.\-@]{1,64}$/;
export const runbookMessages = {
  vpnUser: (u: string) => `${u.slice(0, 40)} is not a user name: use lower-case letters, digits and _ . - @.`,
  dns: (s: string) => `${s.slice(0, 40)} is not an IPv4 address such as 8.8.8.8.`,
  allowed: (s: string) => `${s.slice(0, 40)} is not an address or a network such as 192.168.1.0/24.`,
  twice: (s: string) => `${s.slice(0, 40)} is listed twice.`,
  tooMany: (n: number, what: string) => `At most ${n} ${what}.`,
} as const;

function itemsProblem(
  list: string[],
  max: number,
  what: string,
  ok: (s: string) => boolean,
  bad: (s: string) => string,
) {
  if (list.length > max) return runbookMessages.tooMany(max, what);
  const seen = new Set<string>();
  for (const s of list) {
    if (!ok(s)) return bad(s);
    if (seen.has(s)) return runbookMessages.twice(s);
    seen.add(s);
  }
  return null;
}
/** A single address in the allowed list means that address alone (/32). */
export const asNetwork = (s: string) => (isIpv4(s) ? `${s}/32` : s);
const L = RUNBOOK_LIMITS;
const usersProblem = (l: string[]) =>
  itemsProblem(l, L.vpnUsers, 'VPN users', (s) => VPN_USER.test(s), runbookMessages.vpnUser);
const dnsProblem = (l: string[]) => itemsProblem(l, L.dnsServers, 'DNS servers', isIpv4, runbookMessages.dns);
const allowedProblem = (l: string[]) =>
  itemsProblem(l, L.allowedIps, 'allowed networks', isCidr, runbookMessages.allowed);

const textList = (problem: (l: string[]) => string | null, normal: (s: string) => string = (s) => s) =>
  listRule(
    z
      .string()
      .max(4000)
      .transform((v) => splitList(v).map(normal)),
    problem,
  );
const bodyList = (problem: (l: string[]) => string | null, normal: (s: string) => string = (s) => s) =>
  listRule(z.array(z.string().trim().max(64).transform(normal)).max(200), problem);

const runbookChoices = {
  auth_method: z.enum(['ad', 'direct'], { error: 'Choose Active Directory or direct sign-in.' }),
  connection_type: z.enum(['plain', 'secure'], { error: 'Choose a plain or a secure connection.' }),
  port_forwards: z.array(portForward).max(L.portForwards, runbookMessages.tooMany(L.portForwards, 'rules')),
  dhcp_mappings: z.array(dhcpMapping).max(L.mappings, runbookMessages.tooMany(L.mappings, 'mappings')),
};

/** POST .../save_runbook_settings/{clientId} and the settings answered. */
export const runbookSettings = z.object({
  vpn_users: bodyList(usersProblem, (s) => s.toLowerCase()),
  dhcp_dns_servers: bodyList(dnsProblem),
  s2s_allowed_ips: bodyList(allowedProblem, asNetwork),
  ...runbookChoices,
});
export type RunbookSettings = z.infer<typeof runbookSettings>;

/** The runbook settings form: the simple lists typed one per line (or comma separated). */
export const runbookSettingsForm = z.object({
  vpn_users: textList(usersProblem, (s) => s.toLowerCase()),
  dhcp_dns_servers: textList(dnsProblem),
  s2s_allowed_ips: textList(allowedProblem, asNetwork),
  ...runbookChoices,
});

export const DEFAULT_RUNBOOK_SETTINGS: RunbookSettings = {
  vpn_users: [],
  dhcp_dns_servers: [],
  s2s_allowed_ips: [],
  auth_method: 'direct',
  connection_type: 'secure',
  port_forwards: [],
  dhcp_mappings: [],
};

/** The office's own network when a runbook gives none: one /24 per client (recovery-flow 4). */
export function defaultOfficeNetwork(clientId: number): string {
  return `10.${100 + (clientId % 100)}.0.0/24`;
}

/** GET .../get_office_network/{clientId}. */
export const officeNetworkAnswer = z.object({
  ok: z.literal(true),
  client_id: z.number().int(),
  name: z.string(),
  can_edit: z.boolean(),
  /** The virtual office's end of every tunnel: its VPN endpoint and the networks it offers. */
  office: z.object({ endpoint: z.string(), networks: z.array(z.string()) }),
  sites: z.array(ipsecSite),
  runbook: z.object({
    vpn_users: z.array(z.string()),
    dhcp_dns_servers: z.array(z.string()),
    s2s_allowed_ips: z.array(z.string()),
    auth_method: z.enum(['ad', 'direct']),
    connection_type: z.enum(['plain', 'secure']),
    port_forwards: z.array(
      z.object({
        ip: z.string(),
        protocol: z.enum(['tcp', 'udp']),
        public_port: z.number(),
        private_port: z.number(),
      }),
    ),
    dhcp_mappings: z.array(z.object({ mac: z.string(), ip: z.string() })),
  }),
});
export type OfficeNetworkAnswer = z.infer<typeof officeNetworkAnswer>;
