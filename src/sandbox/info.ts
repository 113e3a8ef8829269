/** The sandbox's startup description (printed first by `npm run sandbox`, served at `/__sandbox/info`). */
import type { SandboxCredentials } from './credentials.js';

/** Where a running sandbox serves each part of the service, and its credentials (the first stdout line of `kyi-sandbox`). */
export interface SandboxInfo {
  /** `{base_url}` of the Public API: `/assets…`, `/kyi/v1/tokens`. */
  publicApiUrl: string;
  /** `{explorer_url}`: origin + `/explorer`. */
  explorerUrl: string;
  /** Origin of the widget pages `/widget/kyi|assets|wallets`. */
  widgetUrl: string;
  /** Base of the badge route `/api/v1/badges/…`. */
  badgeBaseUrl: string;
  /** `{verified_url}`: origin + `/verified`. */
  verifiedUrl: string;
  credentials: SandboxCredentials;
}

export function sandboxInfo(origin: string, credentials: SandboxCredentials): SandboxInfo {
  return {
    publicApiUrl: origin,
    explorerUrl: `${origin}/explorer`,
    widgetUrl: origin,
    badgeBaseUrl: origin,
    verifiedUrl: `${origin}/verified`,
    credentials,
  };
}
