/**
 * `kyiOptionsFromEnv(env)`: the server piece's keys from environment variables, the one
 * scheme every quick start uses. Keys stay in the server's environment; nothing here reaches
 * the browser. A missing variable is the partner's configuration mistake: `KyiConfigError`
 * naming it.
 *
 * | Variable              | Option                                   | Required            |
 * | --------------------- | ---------------------------------------- | ------------------- |
 * | `KYI_PUBLIC_ORIGIN`   | `publicOrigin` (your site as browsers see it) | yes            |
 * | `KYI_PUBLIC_API_URL`  | `publicApi.baseUrl`                      | yes                 |
 * | `KYI_PUBLIC_API_KEY`  | `publicApi.apiKey`                       | yes                 |
 * | `KYI_PARTNER_ID`      | `widget.partnerId`                       | yes                 |
 * | `KYI_PARTNER_SECRET`  | `widget.secretKey`                       | yes                 |
 * | `KYI_EXPLORER_KEY`    | `explorer.apiKey` (Explorer routes on)   | no                  |
 * | `KYI_EXPLORER_URL`    | `explorer.baseUrl`                       | with the key        |
 * | `KYI_EXPLORER_WRITES` | `explorer.writes` (`true` turns them on) | no                  |
 */
import { KyiConfigError, type KyiHandlerOptions } from './options.js';

/** Where the variables come from: `process.env`, a Worker's `env`, or any record of strings. */
export type KyiEnv = Readonly<Record<string, string | undefined>>;

/** The options `kyiOptionsFromEnv` fills; spread them into `createKyiHandler({ ... })`. */
export type KyiEnvOptions = Pick<KyiHandlerOptions, 'publicApi' | 'explorer' | 'widget' | 'publicOrigin'>;

/** The docs' table of these variables (the README names the same docs address). */
const DOCS = 'https://kyi-elements.github.io/kyi-elements/server.html#environment-variables';

function required(env: KyiEnv, name: string): string {
  const value = env[name];
  if (!value) throw new KyiConfigError(`kyiOptionsFromEnv: set ${name} in the server's environment (the variables: ${DOCS})`);
  return value;
}

/** Reads the variables above into `{ publicOrigin, publicApi, explorer, widget }`. Throws `KyiConfigError` naming a missing one. */
export function kyiOptionsFromEnv(env: KyiEnv): KyiEnvOptions {
  const explorerKey = env['KYI_EXPLORER_KEY'];
  return {
    publicOrigin: required(env, 'KYI_PUBLIC_ORIGIN'),
    publicApi: { baseUrl: required(env, 'KYI_PUBLIC_API_URL'), apiKey: required(env, 'KYI_PUBLIC_API_KEY') },
    explorer: explorerKey ? { baseUrl: required(env, 'KYI_EXPLORER_URL'), apiKey: explorerKey, writes: env['KYI_EXPLORER_WRITES'] === 'true' } : undefined,
    widget: { partnerId: required(env, 'KYI_PARTNER_ID'), secretKey: required(env, 'KYI_PARTNER_SECRET') },
  };
}
