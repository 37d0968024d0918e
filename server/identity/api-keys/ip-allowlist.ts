import { BlockList, isIP } from 'node:net';

/** An IPv4 or IPv6 address as a key's allowlist takes it (no zone index: it names an interface of the sender's machine). */
export const isAllowlistAddress = (address: string): boolean => isIP(address) !== 0 && !address.includes('%');

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * One spelling per address, so a list holds each once and shows it as people write it: IPv4 as is,
 * IPv6 lower-case and compressed, an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function canonicalAddress(address: string): string {
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  if (isIP(address) !== 6) return address;
  return new URL(`http://[${address}]`).hostname.slice(1, -1);
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Whether a request from `address` may use a key with this allowlist: any address when the list is
 * empty. node's BlockList matches an IPv4 address and its IPv4-mapped IPv6 form either way round.
 */
export function allowlistMatcher(allowlist: readonly string[]): (address: string) => boolean {
  if (allowlist.length === 0) return () => true;
  const list = new BlockList();
  for (const address of allowlist) list.addAddress(address, familyOf(address));
  return (address) => isIP(address) !== 0 && list.check(address, familyOf(address));
}
