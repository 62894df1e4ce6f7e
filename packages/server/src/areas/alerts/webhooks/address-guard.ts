import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

// Outbound webhooks must not reach the console's own network (issue 27.4): an endpoint that
// resolves to a private, loopback, link-local or otherwise special address is refused unless the
// operator allows it (LIFEBOAT_WEBHOOK_ALLOW_PRIVATE). Every address a name resolves to is
// checked, and the check runs again in the socket's own lookup at connect time, so a name that
// changes its answer between the check and the connection (DNS rebinding) is still refused.

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one a webhook may not reach without the operator's leave. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class RefusedAddressError extends Error {}

const refusal = (host: string) =>
  new RefusedAddressError(
    `${host} is a private or local address; webhooks go to public addresses only unless the operator allows private ones.`,
  );

/** All the addresses a host name resolves to (an IP literal is its own). */
export async function resolveAll(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  return new Promise((resolve, reject) =>
    dnsLookup(bare, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    ),
  );
}

/** Refuse a host whose any address is private (unless allowed). */
export async function checkHost(host: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const addresses = await resolveAll(host);
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw refusal(host.replace(/^\[|\]$/g, ''));
}

/**
 * A `lookup` for http.request: resolves like dns.lookup and refuses when any address is private,
 * so the connection itself never reaches one (the check before it may have seen another answer).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, options.all ? [] : '', 4);
      if (!allowPrivate && (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))))
        return callback(refusal(hostname), options.all ? [] : '', 4);
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}
