/**
 * `kyi-elements/verify-button`: registers `<kyi-verify-button>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import '../browser/lit-globals.js'; // first: Lit's globals are the page's own before Lit is evaluated
import { defineVerifyButton } from '../elements/verify-button/define.js';

defineVerifyButton();

export { KyiVerifyButton } from '../elements/verify-button/verify-button.js';
