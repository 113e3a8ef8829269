/** Badge options (spec 4.1, 7.3) and the badge URL builder. */
import {
  BADGE_DEFAULTS,
  BADGE_FORMATS_ACCEPTED,
  BADGE_SIZES,
  BADGE_THEMES,
  BADGE_VARIANTS,
  CREDENTIAL_TYPES,
  type BadgeFormat,
  type BadgeSize,
  type BadgeTheme,
  type BadgeVariant,
  type CredentialType,
} from './badge-enums.js';
import { invalidValue, isOneOf } from './one-of.js';

export interface BadgeOptions {
  credential: CredentialType;
  variant: BadgeVariant;
  theme: BadgeTheme;
  format: BadgeFormat;
  size: BadgeSize;
}

export type BadgeOptionsResult =
  | { ok: true; value: BadgeOptions }
  | { ok: false; status: 400 | 415; message: string };

export const WEBP_NOT_AVAILABLE = 'WebP badges are not yet available. Use svg or png.';

/** The options a query may give beside the size, each with its closed set (a message names it as written). */
const SETS = { variant: BADGE_VARIANTS, theme: BADGE_THEMES, format: BADGE_FORMATS_ACCEPTED } as const;

/**
 * Checks badge options exactly as the badge route does: a missing option takes the spec's
 * default, a value outside its set gives the 7.3 message, `webp` gives 415.
 */
export function parseBadgeOptions(
  credential: string,
  query: { variant?: string | null; theme?: string | null; format?: string | null; size?: string | number | null },
): BadgeOptionsResult {
  if (!isOneOf(CREDENTIAL_TYPES, credential))
    return { ok: false, status: 400, message: invalidValue('credential type', credential, CREDENTIAL_TYPES) };
  const value: Record<string, unknown> = { credential };
  for (const [param, set] of Object.entries(SETS) as [keyof typeof SETS, readonly string[]][]) {
    const given = query[param] ?? BADGE_DEFAULTS[param];
    if (!isOneOf(set, given)) return { ok: false, status: 400, message: invalidValue(param, given, set) };
    value[param] = given;
  }
  if (value.format === 'webp') return { ok: false, status: 415, message: WEBP_NOT_AVAILABLE };
  const rawSize = query.size ?? BADGE_DEFAULTS.size;
  // Only the canonical spelling ("24", not "024" or "24.0"), so one image has one URL.
  const size = typeof rawSize === 'number' ? rawSize : BADGE_SIZES.find((s) => String(s) === rawSize);
  if (!isOneOf(BADGE_SIZES, size))
    return { ok: false, status: 400, message: invalidValue('size', String(rawSize), BADGE_SIZES) };
  return { ok: true, value: { ...value, size } as BadgeOptions };
}
