/**
 * English strings of `<kyi-verify-button>`, added to the one table when the element's module
 * loads (with the error strings it may show). The drawer's words (./drawer-strings.ts) come
 * with the drawer's code, loaded once someone means to open it (drawer.ts).
 */
import { addStrings } from '../../browser/strings.js';
import { enErrors } from '../../locales/en-errors.js';

export const enVerifyButton = {
  verifyButton: {
    label: 'Verify with KYI',
    opening: 'Opening verification…',
    errorTitle: 'Verification couldn’t start',
  },
  // the failures only a verify button meets (error-text.ts), so no other page carries them
  common: {
    'error.signingFailed': 'Verification could not be started. Please try again.',
    'error.widget': 'The verification widget reported an error: {message}',
    'error.widgetTimeout': 'The verification widget did not load. Please try again later.',
    'error.invalidAttribute': 'This element is not set up correctly. {message}',
  },
} as const;

addStrings('en', enErrors);
addStrings('en', enVerifyButton);
