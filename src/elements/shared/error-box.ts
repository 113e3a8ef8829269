/**
 * The error box of the elements that show views (view.ts): the same nodes as the monitoring
 * elements' template (monitoring-element.ts), which goes when they move to views.
 */
import type { ElementView } from './view.js';

/**
 * The error box: a title, the message, each on a line of its own, and a Retry button (`retry`
 * undefined: none, the same request would fail again) named `retryWords`. Shown, not announced:
 * an error that comes with loading is part of the page, like any other state (a page of failed
 * statuses is not fifty alarms); one after Retry is said by `KyiDataElement.retry`.
 * No `type` on the views' buttons: in a shadow root no form owns them, so none submits.
 */
export function errorBoxView(title: string, message: string, retry: (() => void) | undefined, retryWords: string): ElementView {
  return [
    'div',
    { part: 'error', class: 'alert' },
    ['span', { class: 'alert-title' }, title],
    ['span', {}, message],
    retry && ['button', { part: 'retry-button', class: 'button small', '@click': retry }, retryWords],
  ];
}
