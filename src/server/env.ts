/**
 * `kyiOptionsFromEnv(env)`: the server piece's keys from environment variables, the one
 * scheme every quick start uses. Keys stay in the server's environment; nothing here reaches
 * the browser. A missing or malformed variable is the partner's configuration mistake:
 * `KyiConfigError` naming the variable (the same checks as `createKyiHandler`'s, which name
 * the option), and any `KYI_*` variable set that this scheme does not read with the one it
 * most likely means (`KYI_API_KEY`: `KYI_PUBLIC_API_KEY`).
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
import type { KyiHandlerOptions } from './options.js';
import { baseUrl, explorerKey, origin, publicApiKey, secret, type Fail } from './option-checks.js';
import { KyiConfigError } from './errors.js';

/** Where the variables come from: `process.env`, a Worker's `env`, or any record of strings. */
export type KyiEnv = Readonly<Record<string, string | undefined>>;

/** The options `kyiOptionsFromEnv` fills; spread them into `createKyiHandler({ ... })`. */
export type KyiEnvOptions = Pick<KyiHandlerOptions, 'publicApi' | 'explorer' | 'widget' | 'publicOrigin'>;

/** The docs' table of these variables (the README names the same docs address). */
const DOCS = 'https://kyi-elements.github.io/kyi-elements/server.html#environment-variables';

/** The variables read here, the required ones first. */
export const KYI_VARIABLES = [
  'KYI_PUBLIC_ORIGIN',
  'KYI_PUBLIC_API_URL',
  'KYI_PUBLIC_API_KEY',
  'KYI_PARTNER_ID',
  'KYI_PARTNER_SECRET',
  'KYI_EXPLORER_URL',
  'KYI_EXPLORER_KEY',
  'KYI_EXPLORER_WRITES',
] as const;

/** The words of a variable's name after `KYI_`. */
const wordsOf = (name: string) => name.replace(/^KYI_/, '').split('_').filter(Boolean);

/**
 * The known variable `name` most likely means: the one sharing the most words with it, a word
 * counting less the more known names hold it (`KEY` is in three, `SECRET` in one); the first of
 * `known` on a tie. `undefined` when it shares no word with any.
 */
function closest(name: string, known: readonly string[]): string | undefined {
  const holders = (word: string) => known.filter((k) => wordsOf(k).includes(word)).length;
  let best: { name: string; score: number } | undefined;
  for (const candidate of known) {
    const shared = wordsOf(name).filter((w) => wordsOf(candidate).includes(w));
    const score = shared.reduce((sum, w) => sum + 1 / holders(w), 0);
    if (score > 0 && score > (best?.score ?? 0)) best = { name: candidate, score };
  }
  return best?.name;
}

/**
 * The `KYI_*` variables of `env` that neither this scheme nor `alsoRead` names, each with the
 * known one it most likely means (only those that resemble one: `KYI_DEV_USER` of a dev
 * server is none of the kit's business). Sorted by name.
 */
export function unreadVariables(env: KyiEnv, alsoRead: readonly string[] = []): { name: string; closest: string }[] {
  const known = [...KYI_VARIABLES, ...alsoRead];
  return Object.keys(env)
    .filter((name) => name.startsWith('KYI_') && env[name] !== undefined && !known.includes(name))
    .sort()
    .flatMap((name) => {
      const match = closest(name, known);
      return match ? [{ name, closest: match }] : [];
    });
}

/** "KYI_API_KEY is set, which is not read: did you mean KYI_PUBLIC_API_KEY?", for each unread variable; '' when none. */
export function unreadNotice(env: KyiEnv, alsoRead: readonly string[] = []): string {
  return unreadVariables(env, alsoRead)
    .map((v) => `${v.name} is set, which is not read: did you mean ${v.closest}?`)
    .join(' ');
}

/** `KyiConfigError` of this function, with the unread look-alikes and the docs' table. */
function failFor(env: KyiEnv): Fail {
  return (message) => {
    const unread = unreadNotice(env);
    throw new KyiConfigError(`kyiOptionsFromEnv: ${message}${unread ? `. ${unread}` : ''} (the variables: ${DOCS})`);
  };
}

/** Reads the variables above into `{ publicOrigin, publicApi, explorer, widget }`. Throws `KyiConfigError` naming a missing or malformed one. */
export function kyiOptionsFromEnv(env: KyiEnv): KyiEnvOptions {
  const fail = failFor(env);
  const required = (name: string): string => env[name] || fail(`set ${name} in the server's environment`);
  const checked = <T>(name: string, check: (value: string, name: string, fail: Fail) => T): string => {
    check(required(name), name, fail);
    return env[name]!;
  };
  const explorerKeyValue = env['KYI_EXPLORER_KEY'];
  const writes = env['KYI_EXPLORER_WRITES'];
  if (writes !== undefined && writes !== 'true' && writes !== 'false') fail(`KYI_EXPLORER_WRITES must be "true" or "false" (it is "${writes}")`);
  return {
    publicOrigin: checked('KYI_PUBLIC_ORIGIN', (value, name, f) => origin(value, name, f)),
    publicApi: { baseUrl: checked('KYI_PUBLIC_API_URL', baseUrl), apiKey: checked('KYI_PUBLIC_API_KEY', publicApiKey) },
    explorer: explorerKeyValue
      ? { baseUrl: checked('KYI_EXPLORER_URL', baseUrl), apiKey: checked('KYI_EXPLORER_KEY', explorerKey), writes: writes === 'true' }
      : undefined,
    widget: { partnerId: required('KYI_PARTNER_ID'), secretKey: checked('KYI_PARTNER_SECRET', secret) },
  };
}
