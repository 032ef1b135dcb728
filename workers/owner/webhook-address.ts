// Where the shop's webhook may point (docs/decisions/0053-store-events.md): an https address on the
// public internet, never the store itself, a private, loopback or link-local network, nor a cloud's
// metadata address. The URL is read as the WHATWG parser reads it, the way fetch will: decimal,
// hex and octal IPv4 forms ("2130706433", "0x7f.1") come out as dotted quads and IPv6 in one
// compressed form, so each check below sees the address fetch would reach. Pure: the name lookup
// (DNS over HTTPS) is done by workers/owner/store-events.ts with the addresses it gets back.

/** Why an address is refused, as the settings' messages name it; null when it may be used. */
export type AddressProblem = "invalid" | "not_https" | "credentials" | "private" | "own_store";

/** The four bytes of a dotted quad, or null. */
function ipv4Bytes(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** Loopback, private, shared (CGNAT), link-local (the metadata address), reserved, multicast, broadcast. */
function privateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (no brackets), or null. */
function ipv6Groups(host: string): number[] | null {
  if (!host.includes(":")) return null;
  const [head, tail = null] = host.split("::");
  const read = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const before = read(head);
  const after = tail === null ? [] : read(tail);
  const groups = tail === null ? before : [...before, ...new Array(8 - before.length - after.length).fill(0), ...after];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

function privateIpv6(groups: number[]): boolean {
  const v4 = (high: number, low: number) => privateIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zerosUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zerosUpTo(8)) return true; // ::
  if (zerosUpTo(7) && groups[7] === 1) return true; // ::1
  if (zerosUpTo(5) && groups[5] === 0xffff) return v4(groups[6], groups[7]); // ::ffff:a.b.c.d, mapped
  if (zerosUpTo(6)) return v4(groups[6], groups[7]); // ::a.b.c.d, the old compatible form
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return v4(groups[6], groups[7]); // NAT64
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]); // 6to4
  return (groups[0] & 0xfe00) === 0xfc00 || (groups[0] & 0xffc0) === 0xfe80 || (groups[0] & 0xff00) === 0xff00; // unique local, link-local, multicast
}

/** Whether a literal address (an IPv4 quad or an IPv6 address, brackets or not) is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  const v4 = ipv4Bytes(bare);
  if (v4) return privateIpv4(v4);
  const v6 = ipv6Groups(bare);
  return v6 ? privateIpv6(v6) : false;
}

/** Whether the host is an IP address rather than a name (nothing to look up). */
export function isAddressLiteral(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return ipv4Bytes(bare) !== null || ipv6Groups(bare.toLowerCase()) !== null;
}

/** Names that only ever mean this machine or a private network. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

/** What the development allowance admits: plain http to this machine's 127.0.0.1 on a stated port. */
function developmentLoopback(url: URL): boolean {
  return url.protocol === "http:" && url.hostname === "127.0.0.1" && url.port !== "";
}

/**
 * The problem with a webhook address, or null. `ownHosts`: the store's own host names (its public
 * URL and the host the admin reached, with its port when it has one). `production`: no development allowance.
 */
export function webhookAddressProblem(text: string, { production, ownHosts }: { production: boolean; ownHosts: string[] }): AddressProblem | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return "invalid";
  }
  if (url.username || url.password) return "credentials";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (ownHosts.some((own) => [host, url.host.toLowerCase()].includes(own.toLowerCase()))) return "own_store";
  if (!production && developmentLoopback(url)) return null;
  if (url.protocol !== "https:") return url.protocol === "http:" ? "not_https" : "invalid";
  if (isAddressLiteral(host)) return isPrivateAddress(host) ? "private" : null;
  // A single label ("metadata") or a local suffix names something on a private network.
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return "private";
  return null;
}

/** A Discord incoming webhook, which gets Discord's message format instead of the signed event. */
export function isDiscordWebhook(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && /^((ptb|canary)\.)?discord(app)?\.com$/.test(url.hostname) && url.pathname.startsWith("/api/webhooks/");
  } catch {
    return false;
  }
}
