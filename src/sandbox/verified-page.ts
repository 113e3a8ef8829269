/**
 * `{verified_url}/verified-assets/{address}/{chain}`: the asset's verified page that badges
 * and cards link to (field notes' `asset_url` pattern). A plain page; 404 when not verified.
 */
import { CHAINS, sameAddress } from './data/chains.js';
import { escapeHtml as e } from './http.js';
import type { PublicState } from './state.js';

export const VERIFIED_PATH = '/verified';
const PREFIX = `${VERIFIED_PATH}/verified-assets/`;

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; img-src 'self'",
  'x-content-type-options': 'nosniff',
};

export function handleVerifiedPage(url: URL, state: PublicState): Response | null {
  if (!url.pathname.startsWith(PREFIX)) return null;
  let address = '';
  let chain = '';
  try {
    [address = '', chain = ''] = url.pathname.slice(PREFIX.length).split('/').map(decodeURIComponent);
  } catch {
    /* fall through to 404 */
  }
  const c = CHAINS[chain];
  const token = c && state.verifiedTokens().find((t) => t.chain === chain && sameAddress(c, t.address, address));
  if (!token) {
    return new Response('<!doctype html><title>Not verified</title><h1>Asset not verified</h1>', { status: 404, headers: HEADERS });
  }
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(token.name)} · verified</title></head><body>
<h1>${e(token.name)} (${e(token.symbol)})</h1>
<p>Verified asset on ${e(token.chain)} at <code>${e(token.address)}</code>${token.verifiedAt ? `, since ${e(token.verifiedAt)}` : ''}.</p>
<p>Issuer: ${e(token.issuer?.name ?? 'unknown')}${token.issuer?.kybVerified ? ' (business verified)' : ' (business not verified)'}</p>
<p>Sandbox page.</p></body></html>`;
  return new Response(body, { headers: HEADERS });
}
