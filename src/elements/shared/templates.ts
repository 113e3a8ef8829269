/**
 * The elements rendered with Lit templates (the monitoring family): how their templates reach
 * the shadow root, and their error box. The display elements describe their nodes as views
 * (view.ts) and load no template library.
 */
import { html, nothing, render, type TemplateResult } from 'lit';

/** Renders `template` into `host`'s shadow root, after any node it came with; listeners called on `host`. */
export function paintTemplate(host: HTMLElement & { renderRoot: HTMLElement | DocumentFragment }, template: unknown): void {
  render(template, host.renderRoot, { host });
}

/**
 * The error box: a title, the message, each on a line of its own, and a Retry button (`retry`
 * undefined: none, the same request would fail again) named `retryWords`. Shown, not announced:
 * an error that comes with loading is part of the page, like any other state (a page of failed
 * statuses is not fifty alarms); one after Retry is said by `KyiDataElement.retry`.
 */
export function errorBox(title: string, message: string, retry: (() => void) | undefined, retryWords: string): TemplateResult {
  return html`<div part="error" class="alert"
    ><span class="alert-title">${title}</span><span>${message}</span>${retry
      ? html`<button part="retry-button" class="button small" type="button" @click=${retry}>${retryWords}</button>`
      : nothing}</div
  >`;
}
