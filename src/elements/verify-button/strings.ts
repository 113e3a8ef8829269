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
  // the failure only a verify button meets before its session code loads (error-text.ts); the
  // others come with that code (./session-strings.ts), so no other page carries them
  common: {
    'error.invalidAttribute': 'This element is not set up correctly. {message}',
  },
} as const;

addStrings('en', enErrors);
addStrings('en', enVerifyButton);
