/**
 * `kyi-elements/token-status`: registers `<kyi-token-status>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import '../browser/lit-globals.js'; // first: Lit's globals are the page's own before Lit is evaluated
import { defineTokenStatus } from '../elements/token-status/define.js';

defineTokenStatus();

export { KyiTokenStatus } from '../elements/token-status/token-status.js';
