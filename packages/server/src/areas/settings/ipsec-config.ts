import type { IpsecSite, OfficeNetworkAnswer } from '@lifeboat/contract';

// The configuration of one IPsec site for the client's firewall (issue 17.5): strongSwan's
// swanctl.conf, the standard IKEv2 implementation on Linux firewalls (and what pfSense, OPNsense
// and VyOS build on); other firewalls take the same values from its comments. IKEv2 with a
// pre-shared key, AES-256-GCM, SHA-256 and DH group 14 or 19: suites every current firewall offers.

/** A connection name swanctl accepts: letters, digits, - and _. */
export const connectionName = (site: Pick<IpsecSite, 'id' | 'name'>) =>
  `lifeboat-${
    site.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'site'
  }-${site.id}`;

/** A value inside a swanctl.conf string: no quotes or line breaks can end it. */
const quoted = (v: string) => `"${v.replace(/["\\\r\n]/g, '')}"`;

export function swanctlConf(site: IpsecSite, net: OfficeNetworkAnswer, generatedAt: Date): string {
  const name = connectionName(site);
  const office = net.office;
  const lines = [
    `# Lifeboat virtual office: IPsec site "${site.name.replace(/[\r\n]/g, ' ')}" of ${net.name.replace(/[\r\n]/g, ' ')}`,
    `# Generated ${generatedAt.toISOString()}. Load on the client's firewall with strongSwan:`,
    '#   copy to /etc/swanctl/conf.d/, then run: swanctl --load-all',
    '#',
    '# The same values for any other IPsec firewall:',
    `#   IKE version ........ IKEv2, pre-shared key (below)`,
    `#   IKE proposal ....... AES-256-GCM / PRF SHA-256 / DH group 14 or 19`,
    `#   ESP proposal ....... AES-256-GCM, PFS DH group 14 or 19`,
    `#   This firewall ...... ${site.remote_ip} (public address ${site.public_ip}), ID ${site.remote_name}`,
    `#   Virtual office ..... ${office.endpoint}, ID ${office.endpoint}`,
    `#   Local networks ..... ${site.remote_subnets.join(', ')}`,
    `#   Remote networks .... ${office.networks.join(', ')}`,
    '',
    'connections {',
    `  ${name} {`,
    '    version = 2',
    `    local_addrs = ${site.remote_ip}`,
    `    remote_addrs = ${office.endpoint}`,
    '    proposals = aes256gcm16-prfsha256-modp2048,aes256gcm16-prfsha256-ecp256',
    '    dpd_delay = 30s',
    '    local {',
    '      auth = psk',
    `      id = ${quoted(site.remote_name)}`,
    '    }',
    '    remote {',
    '      auth = psk',
    `      id = ${quoted(office.endpoint)}`,
    '    }',
    '    children {',
    `      ${name} {`,
    `        local_ts = ${site.remote_subnets.join(',')}`,
    `        remote_ts = ${office.networks.join(',')}`,
    '        esp_proposals = aes256gcm16-modp2048,aes256gcm16-ecp256',
    '        start_action = start',
    '        dpd_action = restart',
    '      }',
    '    }',
    '  }',
    '}',
    '',
    'secrets {',
    `  ike-${name} {`,
    `    id-local = ${quoted(site.remote_name)}`,
    `    id-remote = ${quoted(office.endpoint)}`,
    `    secret = ${quoted(site.psk ?? '')}`,
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}
