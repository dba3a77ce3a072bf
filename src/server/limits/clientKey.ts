import { isIPv4, isIPv6 } from "node:net"

/**
 * Who a per-client limit counts: the request's address, reduced to what one client controls. An IPv4 address is
 * one client (an IPv4-mapped IPv6 address is its IPv4 address); an IPv6 address counts by its /64, because one
 * home or phone is given a whole /64 and can take a new address in it for every request. Anything else (no
 * address, a string that is not an address) is the one key `unknown`.
 *
 * Many buyers share one IPv4 address behind a carrier's or a venue's NAT: limits keyed by this are set high
 * enough for a crowd (docs/security.md, item 4), and lower limits count per cart, number or account instead.
 */
export const clientKeyOf = (address: string | undefined): string => {
  if (address === undefined) return "unknown"
  const bare = address.split("%")[0] ?? ""
  if (isIPv4(bare)) return bare
  if (!isIPv6(bare)) return "unknown"
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)
  if (mapped?.[1] !== undefined) return mapped[1]
  return `${hextets(bare).slice(0, 4).join(":")}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address, each without leading zeros ("::" expanded). */
const hextets = (address: string): ReadonlyArray<string> => {
  const [head = "", tail] = address.split("::")
  const groups = (part: string) =>
    part === "" ? [] : part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]))
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0")
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16).toString(16))
}
