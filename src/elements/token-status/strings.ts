/**
 * English strings of `<kyi-token-status>`, added to the one table when the element's module
 * loads. Its `invalid.*` words are in locales/en-inputs.ts, with `checkTokenInput()` (the lookup
 * elements' base) that gives them; the error words it may show, with that base too.
 */
import { addStrings } from '../../browser/strings.js';

export const enTokenStatus = {
  tokenStatus: {
    loading: 'Checking verification…',
    verified: 'KYI verified',
    verifiedSome: 'KYI verified on {verified} of {total} chains',
    liveCheck: '{status} (live check)',
    changed: '{token}: {status}',
    unverified: 'Not verified',
    notFound: 'Unknown token',
    notFoundDetail: 'No verification record exists for this token.',
    invalid: 'Invalid token identifier',
    invalidHelp: 'This token can’t be checked: the page doesn’t identify it correctly.',
    error: 'Verification check failed',
    verifiedOn: 'Verified on {chains}',
    notVerifiedOn: 'Not verified on {chains}',
    issuer: 'Issuer: {name}',
    businessVerified: 'Business verified',
    businessNotVerified: 'Business not verified',
    listSeparator: ', ',
  },
} as const;

addStrings('en', enTokenStatus);
