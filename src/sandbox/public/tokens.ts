/**
 * `GET /kyi/v1/tokens` (spec 4.1 rules 1–4, field notes): either `caip19`, or `address`
 * with optional `chain_slug`; 400 with the service's messages; 200 with every indexed
 * match (`kyi_verified` true when any match is verified); 404 `{kyi_verified:false,data:[]}`.
 */
import { TOKEN_NOT_FOUND_BODY, parseTokenLookupQuery } from '../../contract/index.js';
import { tokenMatch } from '../data/records.js';
import type { SeedToken } from '../data/types.js';
import { json, nestError } from '../http.js';
import { lookup } from './match.js';

export function lookupTokens(url: URL, indexed: readonly SeedToken[]): Response {
  const q = parseTokenLookupQuery(url.searchParams);
  if (!q.ok) return nestError(400, q.message);
  const matches = lookup(indexed, q.value);
  if (matches.length === 0) return json(TOKEN_NOT_FOUND_BODY, 404);
  return json({ kyi_verified: matches.some((t) => t.verified), data: matches.map(tokenMatch) });
}
