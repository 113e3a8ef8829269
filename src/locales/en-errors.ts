/**
 * English error strings (`common.error.*`, and `common.retry`): the words of the one error table
 * (`elements/shared/error-text.ts`) for elements that fetch. Kept out of the shared core, so a
 * page with badges only does not carry them; what can fail a request adds them: the lookup
 * elements' base (elements/shared/lookup-element.ts), the verify button and the monitoring
 * elements with their own strings. The widget's failures, and a bad attribute's (the one
 * element that shows it), are the verify button's own (elements/verify-button/strings.ts).
 */
export const enErrors = {
  common: {
    retry: 'Retry',
    'error.network': 'Could not reach the verification service.',
    'error.server': 'The verification service had a problem.',
    'error.unavailable': 'The verification service is unavailable right now.',
    'error.rateLimited': 'Too many requests. Please wait a moment and retry.',
    'error.notConfigured': 'Verification is not configured on this site.',
    'error.unauthorized': 'This site could not authenticate with the verification service.',
    'error.invalidResponse': 'The verification service sent an unexpected answer.',
    'error.generic': 'Something went wrong.',
    'error.payloadTooLarge': 'The request was too large for this site to send.',
    'error.untrustedProxy': 'This element is set up to use a server this site does not trust, so it shows nothing.',
    'error.sessionRequired': 'Please sign in and try again.',
    'error.forbidden': 'You don’t have access to this on this site.',
    'error.originNotAllowed': 'This site’s server refused the request from this page’s address.',
  },
} as const;
