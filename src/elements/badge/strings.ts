/** English strings of `<kyi-badge>`, added to the one table when the element's module loads. */
import { addStrings } from '../../browser/strings.js';

export const enBadge = {
  badge: {
    'credential.kyi_verified': 'KYI verified',
    'credential.proof_of_collateral': 'Proof of collateral',
    claim: '{credential} badge (static claim)',
  },
} as const;

addStrings('en', enBadge);
