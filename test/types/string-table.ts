/**
 * Type test (checked by `tsc` in `npm test`, no runtime code): the written-out `StringTable`
 * (what api/index.api.md shows partners and translators) names exactly the sections and keys
 * the English parts ship, no key missing and none left over (but the keys whose English is
 * `humanize`'s, `EnglishByHumanize`).
 */
import type { StringTable } from '../../src/browser/strings.js';
import type { en } from '../../src/browser/strings.js';
import type { enBadge } from '../../src/elements/badge/strings.js';
import type { enTokenStatus } from '../../src/elements/token-status/strings.js';
import type { enAssetCard, EnglishByHumanize } from '../../src/elements/asset-card/strings.js';
import type { enVerifyButton } from '../../src/elements/verify-button/strings.js';
import type { enDrawer } from '../../src/elements/verify-button/drawer-strings.js';
import type { enSessionFailures } from '../../src/elements/verify-button/session-strings.js';
import type { enErrors } from '../../src/locales/en-errors.js';
import type { enMonitoring } from '../../src/locales/en-monitoring.js';
import type { enInputs } from '../../src/locales/en-inputs.js';
import type { Equals } from './contract-records.js';

/** The English table as its parts add up. */
type English = typeof en &
  typeof enErrors &
  typeof enBadge &
  typeof enTokenStatus &
  typeof enAssetCard &
  typeof enVerifyButton &
  typeof enMonitoring &
  typeof enInputs &
  typeof enDrawer &
  typeof enSessionFailures &
  // the authority types' English is `humanize`'s (the asset card's strings.ts)
  { assetCard: Record<EnglishByHumanize, string> };

export const sameKeys: Equals<StringTable, { -readonly [S in keyof English]: { -readonly [K in keyof English[S]]: string } }> = true;
