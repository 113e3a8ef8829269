/**
 * A `POST /lookup` entry, checked by the server piece (and the sandbox) with the elements' own
 * rules (`checkTokenLookup` of queries.ts, `checkAssetLookup` of asset-queries.ts, with their
 * messages), and the request upstream it makes. Server-side only: no element imports it.
 */
import { ASSET_LOOKUP_RULES, checkAssetLookup } from './asset-queries.js';
import { checkTokenLookup, formatTokenLookupQuery, isObject, TOKEN_LOOKUP_RULES, type QueryProblem, type QueryResult, type TokenLookupQuery } from './queries.js';

/** One Public API request the server piece forwards, checked and normalized (its `upstreamPath` is its cache key). */
export type PublicTarget =
  | { kind: 'assets'; pageSize?: number; pageNumber?: number }
  | { kind: 'asset'; chain: string; address: string }
  | { kind: 'asset-caip10'; namespace: string; reference: string; address: string }
  | { kind: 'tokens'; query: TokenLookupQuery };

/** The upstream path (and query) of a target, each segment encoded. */
export function upstreamPath(target: PublicTarget): string {
  const e = encodeURIComponent;
  switch (target.kind) {
    case 'assets': {
      const q = new URLSearchParams();
      if (target.pageSize !== undefined) q.set('page_size', String(target.pageSize));
      if (target.pageNumber !== undefined) q.set('page_number', String(target.pageNumber));
      const s = q.toString();
      return s ? `/assets?${s}` : '/assets';
    }
    case 'asset':
      return `/assets/${e(target.chain)}/${e(target.address)}`;
    case 'asset-caip10':
      return `/assets/${e(target.namespace)}/${e(target.reference)}/${e(target.address)}`;
    case 'tokens':
      return `/kyi/v1/tokens?${formatTokenLookupQuery(target.query).toString()}`;
  }
}

/** A checked `POST /lookup` entry: the request it makes upstream and that request's `upstreamPath`. */
export interface LookupEntry {
  target: PublicTarget;
  path: string;
}

/**
 * What CAIP-19 lets into an id and the server piece does not forward: percent-encoding and dot
 * segments (the single route refuses them too, with every parameter's generic checks).
 */
const UNFORWARDED_CAIP19 = /%|\.\.|\/\.$/;

/**
 * Checks entry `index` of a `POST /lookup` body by the elements' rules (`checkTokenLookup`,
 * `checkAssetLookup`, with their messages): the request it makes upstream, or the problem
 * naming its field (`requests[3].chainSlug`). A token entry's `chain_slug` is read as `chainSlug`.
 */
export function checkLookupEntry(entry: unknown, index: number): QueryResult<LookupEntry> {
  const at = `requests[${index}]`;
  const refuse = (field: string, message: string): QueryProblem => ({
    ok: false,
    param: field ? `${at}.${field}` : at,
    message,
    code: 'invalid_parameter',
  });
  const found = (target: PublicTarget): QueryResult<LookupEntry> => ({ ok: true, value: { target, path: upstreamPath(target) } });
  if (!isObject(entry)) return refuse('', 'must be an object with a kind of "token" or "asset"');
  /** The first field read that is neither absent (`null`, `undefined`) nor a string. */
  let notText: string | undefined;
  const text = (name: string): string | null => {
    const v = entry[name];
    if (typeof v === 'string') return v;
    if (v !== undefined && v !== null) notText ??= name;
    return null;
  };
  if (entry['kind'] === 'token') {
    const input = { caip19: text('caip19'), address: text('address'), chainSlug: text('chainSlug') ?? text('chain_slug') };
    if (notText) return refuse(notText, 'must be a string');
    const checked = checkTokenLookup(input);
    if (!checked.ok) return refuse(TOKEN_LOOKUP_RULES[checked.rule][0], TOKEN_LOOKUP_RULES[checked.rule][1]);
    const query = checked.value;
    if ('caip19' in query && UNFORWARDED_CAIP19.test(query.caip19)) return refuse('caip19', 'must not contain percent-encoding or dot segments');
    return found({ kind: 'tokens', query });
  }
  if (entry['kind'] === 'asset') {
    const input = { accountId: text('accountId'), chain: text('chain'), address: text('address') };
    if (notText) return refuse(notText, 'must be a string');
    const checked = checkAssetLookup(input);
    if (!checked.ok) return refuse(ASSET_LOOKUP_RULES[checked.rule][0], ASSET_LOOKUP_RULES[checked.rule][1]);
    const query = checked.value;
    if ('chain' in query) return found({ kind: 'asset', ...query });
    // a checked account id: `namespace:reference:address`, none of them holding a ":"
    const [namespace, reference, address] = query.accountId.split(':') as [string, string, string];
    return found({ kind: 'asset-caip10', namespace, reference, address });
  }
  return refuse('kind', 'must be "token" or "asset"');
}
