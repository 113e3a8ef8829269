/**
 * The server piece's options from environment variables — the one part every quick start
 * shares. Keys stay in the server's environment; nothing here reaches the browser.
 */
import type { KyiHandlerOptions } from 'kyi-elements/server';

export type KyiEnv = Record<string, string | undefined>;

function required(env: KyiEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Set ${name} (see the README's quick starts)`);
  return value;
}

/**
 * Public API, Explorer (writes on only with KYI_EXPLORER_WRITES=true), widget tokens, and
 * KYI_PUBLIC_ORIGIN: your site's origin as browsers see it (the token route accepts calls from it only).
 */
export function kyiOptionsFromEnv(env: KyiEnv): Pick<KyiHandlerOptions, 'publicApi' | 'explorer' | 'widget' | 'publicOrigin'> {
  return {
    publicOrigin: required(env, 'KYI_PUBLIC_ORIGIN'),
    publicApi: { baseUrl: required(env, 'KYI_PUBLIC_API_URL'), apiKey: required(env, 'KYI_PUBLIC_API_KEY') },
    explorer: env['KYI_EXPLORER_KEY']
      ? { baseUrl: required(env, 'KYI_EXPLORER_URL'), apiKey: env['KYI_EXPLORER_KEY'], writes: env['KYI_EXPLORER_WRITES'] === 'true' }
      : undefined,
    widget: { partnerId: required(env, 'KYI_PARTNER_ID'), secretKey: required(env, 'KYI_PARTNER_SECRET') },
  };
}
