/**
 * Who asks, for the per-client budget on upstream lookups (counted where a lookup's cache miss
 * is decided: `ClientBudgets` in `../public-api.ts`): one client (by `getClientId`, default the
 * peer address) may cause at most `limit` upstream lookups per `intervalMs`. Cache hits and calls
 * joining one already in flight never count. Memory is bounded: at most `maxClients` clients
 * are remembered (the least recently seen are forgotten first). A client id that is an IPv6
 * address counts as its network (`ipv6PrefixLength`, default /64): one subscriber usually
 * holds a whole /64, so a budget per address would be a budget per click.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { KyiRequestContext } from '../handler.js';

export interface ClientBudgetOptions {
  /** Upstream lookups per client per window. Default 200. */
  limit?: number;
  /** Window length, ms. Default 60 000. */
  intervalMs?: number;
  /** Clients remembered at once. Default 10 000. */
  maxClients?: number;
  /**
   * IPv6 clients share one budget per network of this prefix length, 1–128 (128: one per
   * address). Default 64. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) counts as its IPv4 address.
   */
  ipv6PrefixLength?: number;
}

/** The id used for requests whose client cannot be told apart. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The client id function: the partner's `getClientId`, else the `X-Forwarded-For` entry
 * `trustProxy` hops from the right (only the partner's own proxies are trusted), else the
 * peer address.
 */
export function clientIdResolver(
  getClientId: ((request: Request, context: KyiRequestContext) => string | null | undefined) | undefined,
  trustProxy: number,
  ipv6PrefixLength: number,
): (request: Request, context: KyiRequestContext) => string {
  const id = (request: Request, context: KyiRequestContext): string => {
    if (getClientId) return getClientId(request, context) || UNKNOWN_CLIENT;
    if (trustProxy > 0) {
      const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const entry = hops[hops.length - trustProxy];
      if (entry) return entry;
    }
    return context.clientAddress || UNKNOWN_CLIENT;
  };
  return (request, context) => clientNetwork(id(request, context), ipv6PrefixLength);
}

/**
 * The budget key of a client id: an IPv6 address (bare, `[bracketed]` with or without a port,
 * with or without a zone) becomes its network `xxxx:…:xxxx/len`, an IPv4-mapped one its IPv4
 * address; anything else (IPv4, the partner's own ids) is kept as it is.
 */
export function clientNetwork(id: string, prefixLength: number): string {
  if (!id.includes(':')) return id;
  const groups = ipv6Groups(id);
  if (!groups) return id;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  const masked = groups.map((g, i) => {
    const keep = Math.min(16, Math.max(0, prefixLength - i * 16));
    return (g & ((0xffff << (16 - keep)) & 0xffff)).toString(16);
  });
  return `${masked.join(':')}/${prefixLength}`;
}

/** The eight 16-bit groups of an IPv6 address (as the URL parser reads a host in brackets), or `null`. */
function ipv6Groups(text: string): number[] | null {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(text.trim());
  const address = (bracketed ? bracketed[1]! : text.trim()).replace(/%.*$/, ''); // a zone id names a local interface
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1); // canonical: lower case, `::`, no dotted quad
  } catch {
    return null;
  }
  const [head, tail] = host.split('::') as [string, string | undefined];
  const first = head === '' ? [] : head.split(':');
  const last = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : new Array<string>(8 - first.length - last.length).fill('0');
  const groups = [...first, ...zeros, ...last].map((g) => parseInt(g, 16));
  return groups.length === 8 ? groups : null;
}
