/**
 * English words of the verify button's failures that only the session code meets (the token
 * endpoint's failed signing, the widget's own error, its ready timeout; error-text.ts), added with
 * that code (widget-run.ts): a page that only shows a button carries none of them.
 */
export const enSessionFailures = {
  common: {
    'error.signingFailed': 'Verification could not be started. Please try again.',
    'error.widget': 'The verification widget reported an error: {message}',
    'error.widgetTimeout': 'The verification widget did not load. Please try again later.',
  },
} as const;
