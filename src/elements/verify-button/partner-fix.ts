/**
 * The console line of a verify button's failure only the partner can fix. Each such failure
 * (the token endpoint refusing this page's origin, a widget that never answers or never reports
 * ready) comes after the session code has loaded, so the line loads with it (`session-code.ts`).
 */
import { pageOrigin } from '../../browser/page.js';
import type { KyiErrorDetail } from '../../browser/events.js';

/**
 * The console line for a failure only the partner can fix, naming what to change; `undefined`
 * for any other (a visitor's sign-in or access is not the partner's to fix: the button says it).
 */
export function partnerFix(detail: KyiErrorDetail): string | undefined {
  // the message says which allow-list, and how to add this origin to the sandbox's; or which address did not answer
  if (detail.code === 'widget_timeout' || detail.code === 'widget_unreachable') return detail.message;
  // the message is the server's answer, naming both origins
  if (detail.code === 'origin_not_allowed')
    return `could not get an access token: ${detail.message}. Open this page at the server piece's publicOrigin, or add ${pageOrigin() ?? 'this origin'} to its allowedOrigins.`;
  return undefined;
}
