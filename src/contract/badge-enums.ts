/**
 * The badge's closed value sets (spec 4.1): the part of enums.ts a badge needs, apart so that
 * a page showing only badges carries none of the other sets, and a page without a badge none
 * of these (the CDN's badge chunk holds them). contract/index.ts re-exports
 * everything here.
 */

/** Badge credential types (spec 4.1 badge route, `credential_type`). */
export const CREDENTIAL_TYPES = ['kyi_verified', 'proof_of_collateral'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** Badge `variant` values; `icon` is the square mark, `full` the pill (4.1 badge rule 1). */
export const BADGE_VARIANTS = ['icon', 'full'] as const;
export type BadgeVariant = (typeof BADGE_VARIANTS)[number];

/** Badge `theme` values. */
export const BADGE_THEMES = ['dark', 'light'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];

/** Badge formats the service answers with an image. */
export const BADGE_FORMATS = ['svg', 'png'] as const;
export type BadgeFormat = (typeof BADGE_FORMATS)[number];

/** Formats the badge route accepts as a value (`webp` is accepted but answered with 415). */
export const BADGE_FORMATS_ACCEPTED = ['svg', 'png', 'webp'] as const;
export type BadgeFormatAccepted = (typeof BADGE_FORMATS_ACCEPTED)[number];

/** Badge icon sizes in px; 64 is served as the 32 px asset (4.1 badge rule 3). */
export const BADGE_SIZES = [16, 24, 32, 64] as const;
export type BadgeSize = (typeof BADGE_SIZES)[number];

/** The defaults the spec publishes (4.1). Badge URLs never rely on them: `parseBadgeOptions` writes them out, `badgeUrl` every parameter. */
export const BADGE_DEFAULTS = {
  variant: 'icon',
  theme: 'dark',
  format: 'svg',
  size: 24,
} as const satisfies { variant: BadgeVariant; theme: BadgeTheme; format: BadgeFormat; size: BadgeSize };

/** Pixel size of the asset actually served for a requested icon size (64 → 32). */
export function servedBadgeSize(size: BadgeSize): 16 | 24 | 32 {
  return size === 64 ? 32 : size;
}
