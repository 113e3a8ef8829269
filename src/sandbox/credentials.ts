/**
 * Demo credentials of the sandbox. They open nothing but the local sandbox and are printed
 * in its startup line and the README. Explorer keys follow the live shape: `bx_live_` + 43 characters.
 */
export const SANDBOX_CREDENTIALS = {
  publicApiKey: 'kyi_sandbox_public_api_key_00000000000000',
  explorerKeys: {
    full: 'bx_live_SandboxFullAccessKey00000000000000000000000',
    tokenomicsRead: 'bx_live_SandboxTokenomicsReadKey0000000000000000000',
    monitoringRead: 'bx_live_SandboxMonitoringReadKey0000000000000000000',
    watchlistWrite: 'bx_live_SandboxWatchlistWriteKey0000000000000000000',
    revoked: 'bx_live_SandboxRevokedKey00000000000000000000000000',
  },
  partnerId: 'sandbox-partner',
  secretKey: 'sandbox-partner-secret-key-do-not-use-in-production',
} as const;

/** The sandbox's demo credentials (they open nothing but the local sandbox). */
export type SandboxCredentials = {
  publicApiKey: string;
  explorerKeys: { full: string; tokenomicsRead: string; monitoringRead: string; watchlistWrite: string; revoked: string };
  partnerId: string;
  secretKey: string;
};
