import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Which addresses a webhook may never reach: everything ipaddr.js does not
 * classify as `unicast` (private, loopback, link-local, reserved, multicast, …),
 * after an IPv6 address that carries an IPv4 address (IPv4-mapped or
 * -translated, NAT64, 6to4, Teredo) is replaced by the address it carries: that
 * is where the packet goes. The range list is the library's, kept up to date
 * with the IANA registries there, not here.
 */

type IPv6 = ipaddr.IPv6;

const lastFourBytes = (address: IPv6) => address.toByteArray().slice(12);

// Prefixes whose bits carry an IPv4 address that is what the packet really reaches.
const carriedIpv4: Partial<Record<ReturnType<IPv6['range']>, (address: IPv6) => number[]>> = {
  ipv4Mapped: lastFourBytes,
  rfc6145: lastFourBytes,
  // 64:ff9b::/96 (RFC 6052); the local-use 64:ff9b:1::/48 is refused before (see below).
  rfc6052: lastFourBytes,
  // 2002:AABB:CCDD::/48 (RFC 3056).
  '6to4': (address) => address.toByteArray().slice(2, 6),
  // 2001:0:<server>:<flags>:<port>:<client>, the client's IPv4 address inverted (RFC 4380 § 4).
  teredo: (address) => lastFourBytes(address).map((byte) => byte ^ 0xff),
};

// NAT64 for a network's own use (RFC 8215): its translator may map it to any IPv4 address, internal ones too.
const localUseNat64 = ipaddr.parseCIDR('64:ff9b:1::/48') as [IPv6, number];
// IPv4-compatible addresses (deprecated by RFC 4291): nothing legitimate uses them, and ipaddr.js calls them unicast.
const ipv4Compatible = ipaddr.parseCIDR('::/96') as [IPv6, number];

// The library's names, as the refusal says them.
const rangeNames: Record<string, string> = {
  linkLocal: 'link-local',
  uniqueLocal: 'private',
  carrierGradeNat: 'shared (CGNAT)',
  deprecatedSiteLocal: 'private',
};
const named = (range: string) => rangeNames[range] ?? range;

const classifyIpv4 = (address: ipaddr.IPv4): string | null => {
  const range = address.range();
  return range === 'unicast' ? null : named(range);
};

/**
 * Why an address is not public ('private', 'loopback', 'link-local', 'teredo
 * → private', …), or null for a public unicast address. Anything that is not
 * an IP address is refused as 'invalid'.
 */
export const nonPublicRange = (address: string): string | null => {
  if (isIPv4(address)) return classifyIpv4(ipaddr.IPv4.parse(address));
  if (!isIPv6(address)) return 'invalid';
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.match(localUseNat64)) return 'NAT64 local-use';
  const range = parsed.range();
  const carried = carriedIpv4[range];
  if (carried) return classifyIpv4(new ipaddr.IPv4(carried(parsed)));
  if (range !== 'unicast') return named(range);
  return parsed.match(ipv4Compatible) ? 'deprecated IPv4-compatible' : null;
};

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export const isLoopback = (address: string): boolean => nonPublicRange(address) === 'loopback';
