/**
 * Explorer API keys and authentication (spec 5, 7.1). Keys follow the live shape,
 * `bx_live_` + 43 characters, and are sent as `Authorization: Bearer <key>`.
 */
import { EXPLORER_LIVE_KEY_PREFIX, EXPLORER_SCOPES, LIMITS, type ExplorerScope } from '../../contract/index.js';
import { SANDBOX_CREDENTIALS } from '../credentials.js';

export interface ExplorerKey {
  /** Name in `EXPLORER_KEYS` (for logs and the control route). */
  name: string;
  value: string;
  scopes: readonly ExplorerScope[];
  revoked: boolean;
  /**
   * Registry asset ids the key covers, or `null` for every asset. An asset outside
   * the set answers 404 `not_found` (spec 5 rule 6). Filled in from the data at start.
   */
  assets: ReadonlySet<string> | null;
}

/**
 * The sandbox's Explorer keys. The first five are the ones `SandboxInfo.credentials.explorerKeys`
 * lists; `assetScoped` is a sandbox extra: `tokenomics:read` and `watchlist:write` limited to
 * part of the registry (the assets `isInAssetScope` says), for spec 5 rule 6.
 */
export const EXPLORER_KEYS = {
  ...SANDBOX_CREDENTIALS.explorerKeys,
  assetScoped: 'bx_live_SandboxAssetScopedKey0000000000000000000000',
} as const;
export type ExplorerKeyName = keyof typeof EXPLORER_KEYS;

const KEY_SCOPES: Record<ExplorerKeyName, readonly ExplorerScope[]> = {
  full: EXPLORER_SCOPES,
  tokenomicsRead: ['tokenomics:read'],
  monitoringRead: ['monitoring:read'],
  watchlistWrite: ['watchlist:write'],
  revoked: EXPLORER_SCOPES,
  assetScoped: ['tokenomics:read', 'watchlist:write'],
};

export const KEY_PATTERN = new RegExp(`^${EXPLORER_LIVE_KEY_PREFIX}[A-Za-z0-9]{${LIMITS.explorerKeyBodyLength}}$`);

/** Builds the key table; `scopedAssets` are the asset ids the `assetScoped` key covers. */
export function buildKeyTable(scopedAssets: ReadonlySet<string>): Map<string, ExplorerKey> {
  const table = new Map<string, ExplorerKey>();
  for (const name of Object.keys(EXPLORER_KEYS) as ExplorerKeyName[]) {
    const value = EXPLORER_KEYS[name];
    table.set(value, {
      name,
      value,
      scopes: KEY_SCOPES[name],
      revoked: name === 'revoked',
      assets: name === 'assetScoped' ? scopedAssets : null,
    });
  }
  return table;
}

export type AuthResult =
  | { ok: true; key: ExplorerKey }
  | { ok: false; status: 401 | 403; code: 'signature_missing' | 'api_key_invalid'; message: string };

/**
 * Spec 5 rules 2–3: no `Authorization` → 403 `signature_missing`; a header without the
 * `Bearer` scheme, a malformed, unknown or revoked key → 401 `api_key_invalid`.
 * An empty header counts as no header.
 */
export function authenticate(header: string | null, keys: ReadonlyMap<string, ExplorerKey>): AuthResult {
  if (header === null || header.trim() === '') {
    return {
      ok: false,
      status: 403,
      code: 'signature_missing',
      message: 'Missing Authorization header; send Authorization: Bearer <LIVE_API_KEY>',
    };
  }
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header.trim());
  if (!match) {
    return {
      ok: false,
      status: 401,
      code: 'api_key_invalid',
      message: header.trim().startsWith(EXPLORER_LIVE_KEY_PREFIX)
        ? 'API key must be sent with the Bearer scheme: Authorization: Bearer <LIVE_API_KEY>'
        : 'Authorization must be "Bearer <LIVE_API_KEY>"',
    };
  }
  const value = match[1]!;
  if (!KEY_PATTERN.test(value)) {
    return { ok: false, status: 401, code: 'api_key_invalid', message: 'API key is malformed' };
  }
  const key = keys.get(value);
  if (!key) return { ok: false, status: 401, code: 'api_key_invalid', message: 'API key is not valid' };
  if (key.revoked) return { ok: false, status: 401, code: 'api_key_invalid', message: 'API key has been revoked' };
  return { ok: true, key };
}

/** Whether `key` covers registry asset `assetId` (spec 5 rule 6). */
export function coversAsset(key: ExplorerKey, assetId: string): boolean {
  return key.assets === null || key.assets.has(assetId);
}
