import { isIPv4, isIPv6 } from 'node:net';

/*
 * Which addresses a webhook may never reach: everything that is not a public
 * unicast address. Written out by bytes rather than with net.BlockList so that
 * addresses embedding an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by
 * the address they carry.
 */

type Range = readonly [prefix: readonly number[], bits: number, name: string];

const ipv4Ranges: readonly Range[] = [
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared (CGNAT)'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'documentation'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'documentation'],
  [[203, 0, 113], 24, 'documentation'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

const ipv6Ranges: readonly Range[] = [
  [[], 128, 'unspecified'],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'],
  // IPv4-compatible addresses (deprecated): nothing legitimate uses them.
  [[], 96, 'reserved'],
  [[0x01, 0x00], 64, 'reserved'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation'],
  [[0xfc], 7, 'private'],
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'private'],
  [[0xff], 8, 'multicast'],
];

const inRange = (bytes: readonly number[], [prefix, bits]: Range): boolean => {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
};

const ipv4Bytes = (address: string): number[] => address.split('.').map(Number);

const ipv6Bytes = (address: string): number[] => {
  let text = address.split('%')[0] ?? '';
  // The group after the last colon, tested whole: an unanchored search for a dotted quad backtracks polynomially.
  const last = text.slice(text.lastIndexOf(':') + 1);
  const dotted = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(last) ? last : undefined;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(dotted);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) =>
    Number.parseInt(group, 16),
  );
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
};

// Prefixes whose last bits carry an IPv4 address that is what the packet really reaches.
const ipv4Carriers: ReadonlyArray<readonly [Range, (bytes: number[]) => number[]]> = [
  [[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, 'IPv4-mapped'], (bytes) => bytes.slice(12)],
  [[[0x00, 0x64, 0xff, 0x9b], 96, 'NAT64'], (bytes) => bytes.slice(12)],
  [[[0x20, 0x02], 16, '6to4'], (bytes) => bytes.slice(2, 6)],
];

const classifyIpv4 = (bytes: readonly number[]): string | null =>
  ipv4Ranges.find((range) => inRange(bytes, range))?.[2] ?? null;

/**
 * Why an address is not public ('private', 'loopback', 'link-local', …), or
 * null for a public unicast address. Anything that is not an IP address is
 * refused as 'invalid'.
 */
export const nonPublicRange = (address: string): string | null => {
  if (isIPv4(address)) return classifyIpv4(ipv4Bytes(address));
  if (!isIPv6(address)) return 'invalid';
  const bytes = ipv6Bytes(address);
  for (const [range, embedded] of ipv4Carriers) {
    if (inRange(bytes, range)) return classifyIpv4(embedded(bytes));
  }
  return ipv6Ranges.find((range) => inRange(bytes, range))?.[2] ?? null;
};

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export const isLoopback = (address: string): boolean => nonPublicRange(address) === 'loopback';
