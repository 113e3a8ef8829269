/**
 * Shared styles of every kit element.
 *
 * Public theme tokens, set them anywhere above the element (e.g. on `:root`):
 *   --kyi-color-text, --kyi-color-text-muted, --kyi-color-surface, --kyi-color-surface-raised,
 *   --kyi-color-border, --kyi-color-accent, --kyi-color-accent-text, --kyi-color-success,
 *   --kyi-color-warning, --kyi-color-danger, --kyi-color-focus, --kyi-color-skeleton,
 *   --kyi-font-family, --kyi-font-family-mono, --kyi-font-size, --kyi-font-size-small,
 *   --kyi-radius.
 * Elements read the private `--_kyi-*` copies below, which fall back to light or dark
 * defaults: dark when `prefers-color-scheme: dark` unless the host has `theme="light"`,
 * and always dark with `theme="dark"`. Per-element tokens (`--kyi-<element>-<prop>`) fall
 * back to these in each element's own styles.
 */
import { css } from 'lit';

/** Light defaults for the private tokens (public tokens win when set). */
const light = css`
  --_kyi-text: var(--kyi-color-text, #16181d);
  --_kyi-text-muted: var(--kyi-color-text-muted, #505866);
  --_kyi-surface: var(--kyi-color-surface, #ffffff);
  --_kyi-surface-raised: var(--kyi-color-surface-raised, #f4f5f7);
  --_kyi-border: var(--kyi-color-border, #d4d8de);
  --_kyi-accent: var(--kyi-color-accent, #1d4ed8);
  --_kyi-accent-text: var(--kyi-color-accent-text, #ffffff);
  --_kyi-success: var(--kyi-color-success, #116b35);
  --_kyi-warning: var(--kyi-color-warning, #8a4b00);
  --_kyi-danger: var(--kyi-color-danger, #b3261e);
  --_kyi-focus: var(--kyi-color-focus, #1d4ed8);
  --_kyi-skeleton: var(--kyi-color-skeleton, #e4e7eb);
  color-scheme: light;
`;

/** Dark defaults. */
const dark = css`
  --_kyi-text: var(--kyi-color-text, #eceef2);
  --_kyi-text-muted: var(--kyi-color-text-muted, #aab1bd);
  --_kyi-surface: var(--kyi-color-surface, #15171c);
  --_kyi-surface-raised: var(--kyi-color-surface-raised, #20242b);
  --_kyi-border: var(--kyi-color-border, #3a404a);
  --_kyi-accent: var(--kyi-color-accent, #8ab4ff);
  --_kyi-accent-text: var(--kyi-color-accent-text, #0b1220);
  --_kyi-success: var(--kyi-color-success, #6fdc99);
  --_kyi-warning: var(--kyi-color-warning, #f5b65b);
  --_kyi-danger: var(--kyi-color-danger, #ff8a80);
  --_kyi-focus: var(--kyi-color-focus, #8ab4ff);
  --_kyi-skeleton: var(--kyi-color-skeleton, #2b3038);
  color-scheme: dark;
`;

/** Theme tokens, `:host([hidden])`, and base typography. Include first in every element. */
export const themeStyles = css`
  :host {
    ${light}
    --_kyi-font: var(--kyi-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_kyi-font-mono: var(--kyi-font-family-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    --_kyi-font-size: var(--kyi-font-size, 0.9375rem);
    --_kyi-font-size-small: var(--kyi-font-size-small, 0.8125rem);
    --_kyi-radius: var(--kyi-radius, 8px);
    font-family: var(--_kyi-font);
    font-size: var(--_kyi-font-size);
    line-height: 1.4;
    color: var(--_kyi-text);
    box-sizing: border-box;
    /* Contains the absolutely positioned .visually-hidden text, which would otherwise escape a
       scrolling container around the element and stretch the page. */
    position: relative;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${dark}
    }
  }
  :host([theme='dark']) {
    ${dark}
  }
  :host([hidden]) {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
`;

/** Shared building blocks: skeleton, alert, button, link, visually hidden text. */
export const componentStyles = css`
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }

  .skeleton {
    display: inline-block;
    min-height: 1em;
    border-radius: calc(var(--_kyi-radius) / 2);
    background: var(--_kyi-skeleton);
  }

  .alert {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em;
    padding: 0.5em 0.75em;
    border: 1px solid var(--_kyi-danger);
    border-left-width: 4px;
    border-radius: var(--_kyi-radius);
    background: var(--_kyi-surface);
    color: var(--_kyi-text);
    overflow-wrap: anywhere;
    min-width: 0;
  }
  .alert .alert-title {
    font-weight: 600;
    color: var(--_kyi-danger);
  }

  .notice {
    display: block;
    padding: 0.5em 0.75em;
    border: 1px dashed var(--_kyi-border);
    border-radius: var(--_kyi-radius);
    color: var(--_kyi-text-muted);
    overflow-wrap: anywhere;
  }
  .notice .notice-title {
    display: block;
    font-weight: 600;
    color: var(--_kyi-text);
  }

  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.375em;
    min-height: 2em;
    padding: 0.25em 0.75em;
    font: inherit;
    font-size: var(--_kyi-font-size-small);
    font-weight: 600;
    line-height: 1.2;
    color: var(--_kyi-text);
    background: var(--_kyi-surface-raised);
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius);
    cursor: pointer;
  }
  .button:hover {
    border-color: var(--_kyi-text-muted);
  }
  .button.primary {
    color: var(--_kyi-accent-text);
    background: var(--_kyi-accent);
    border-color: var(--_kyi-accent);
  }
  .button:disabled,
  .button[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .button.small {
    min-height: 1.75em;
    padding: 0.125em 0.5em;
    font-weight: 500;
  }

  a {
    color: var(--_kyi-accent);
    text-underline-offset: 0.15em;
  }

  :focus-visible {
    outline: 2px solid var(--_kyi-focus);
    outline-offset: 2px;
  }

  .mono {
    font-family: var(--_kyi-font-mono);
    font-size: 0.95em;
  }
`;

/** Everything shared, in order. */
export const sharedStyles = [themeStyles, componentStyles];
