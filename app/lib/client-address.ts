import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-address limit counts a client under. An IPv4 address is one client; an IPv6 client
 * is given a whole /64 by its network and can pick a new address inside it for every request, so
 * IPv6 addresses are counted by their first 64 bits. An IPv4 address mapped into IPv6
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports it) is its IPv4 address.
 */
export function addressKey(address: string): string {
  const ip = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip.slice(0, 100) || "unknown";
  return `${ipv6Groups(ip).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros ("::" expanded, a zone dropped). */
function ipv6Groups(ip: string): string[] {
  const [address] = ip.split("%");
  const [head = "", tail] = address!.split("::");
  const part = (text: string) => (text ? text.split(":") : []);
  // A trailing dotted IPv4 part stands for two groups.
  const withIpv4 = (groups: string[]) =>
    groups.flatMap((group) => {
      if (!group.includes(".")) return [group];
      const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const left = withIpv4(part(head));
  const right = tail === undefined ? [] : withIpv4(part(tail));
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
