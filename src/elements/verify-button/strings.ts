/**
 * English strings of `<kyi-verify-button>`, added to the one table when the element's module
 * loads (with the error strings it may show). The drawer's words are in
 * ./drawer-strings.ts: `kyi()` (./kyi-widget.ts) opens the same drawer without the element.
 */
import { addStrings } from '../../browser/strings.js';
import { enErrors } from '../../locales/en-errors.js';
import { enDrawer } from './drawer-strings.js';

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
addStrings('en', enDrawer);
addStrings('en', enVerifyButton);
