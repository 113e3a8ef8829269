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
  | { ok: false; status: 400 | 415; param: keyof BadgeOptions; message: string };

export const WEBP_NOT_AVAILABLE = 'WebP badges are not yet available. Use svg or png.';

/**
 * Checks badge options exactly as the badge route does: a missing option takes the spec's
 * default, a value outside its set gives the 7.3 message, `webp` gives 415.
 */
export function parseBadgeOptions(
  credential: string,
  query: { variant?: string | null; theme?: string | null; format?: string | null; size?: string | number | null },
): BadgeOptionsResult {
  if (!isOneOf(CREDENTIAL_TYPES, credential))
    return { ok: false, status: 400, param: 'credential', message: invalidValue('credential type', credential, CREDENTIAL_TYPES) };
  const variant = query.variant ?? BADGE_DEFAULTS.variant;
  if (!isOneOf(BADGE_VARIANTS, variant))
    return { ok: false, status: 400, param: 'variant', message: invalidValue('variant', variant, BADGE_VARIANTS) };
  const theme = query.theme ?? BADGE_DEFAULTS.theme;
  if (!isOneOf(BADGE_THEMES, theme))
    return { ok: false, status: 400, param: 'theme', message: invalidValue('theme', theme, BADGE_THEMES) };
  const format = query.format ?? BADGE_DEFAULTS.format;
  if (!isOneOf(BADGE_FORMATS_ACCEPTED, format))
    return { ok: false, status: 400, param: 'format', message: invalidValue('format', format, BADGE_FORMATS_ACCEPTED) };
  if (format === 'webp') return { ok: false, status: 415, param: 'format', message: WEBP_NOT_AVAILABLE };
  const rawSize = query.size ?? BADGE_DEFAULTS.size;
  // Only the canonical spelling ("24", not "024" or "24.0"), so one image has one URL.
  const size = typeof rawSize === 'number' ? rawSize : BADGE_SIZES.find((s) => String(s) === rawSize);
  if (!isOneOf(BADGE_SIZES, size))
    return { ok: false, status: 400, param: 'size', message: invalidValue('size', String(rawSize), BADGE_SIZES) };
  return { ok: true, value: { credential, variant, theme, format, size } };
}
