/**
 * The console line of a verify button's failure only the partner can fix. Each such failure
 * (the token endpoint refusing this page's origin, a widget that never answers or never reports
 * ready) comes after the session code has loaded, so the line loads with it (`session-code.ts`).
 */
import { pageOrigin } from '../../browser/page.js';
import type { KyiErrorDetail } from '../../browser/events.js';

/**
 * Tells a failure only the partner can fix once on the console, naming what to change; nothing
 * for any other (a visitor's sign-in or access is not the partner's to fix: the button says it).
 */
export function warnPartnerFix({ code, message }: KyiErrorDetail): void {
  // the message is the server's answer, naming both origins
  if (code === 'origin_not_allowed')
    message = `could not get an access token: ${message}. Open this page at the server piece's publicOrigin, or add ${pageOrigin() ?? 'this origin'} to its allowedOrigins.`;
  // else the message says which allow-list, and how to add this origin to the sandbox's; or which address did not answer
  else if (code !== 'widget_timeout' && code !== 'widget_unreachable') return;
  console.warn(`kyi-elements: <kyi-verify-button> ${message}`);
}
