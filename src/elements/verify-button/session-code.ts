/**
 * What a verify button needs only once someone means to open it: requesting (and
 * prefetching) an access token, the run of an open widget (with what it opens: the built-in
 * drawer and its styles, or the adapter for the vendor's client) and the console line of a
 * failure the partner must fix. Loaded on the button's first hover, focus or click (`drawer-loader.ts`), so a
 * page that merely shows a button does not carry it.
 */
export { requestAccessToken } from '../../client/access-token.js';
export { TokenSlot } from '../../client/token-slot.js';
export { startWidget } from './widget-run.js';
export { warnPartnerFix } from './partner-fix.js';
