/**
 * The building blocks of the elements that show records, actions and forms (the asset card, the
 * verify button, the monitoring elements), which the token status does not use: the error box,
 * the notice's words, controls switched off, monospace text and links standing on their own.
 * Those elements include them after `sharedStyles` (styles.ts); a token-status page loads none
 * of them (they travel with the headings in the `text-parts` chunk, scripts/lib/cdn-chunks.ts).
 */
import { css } from './reactive.js';

export const blockStyles = css`
  /* The theme's colour of text on the accent and its large type size (theme.styles.ts):
     only these elements use them (the asset card, the verify button and its drawer, the
     monitoring elements), so a badge or token-status page carries none of them. */
  :host {
    --_kyi-accent-text: var(--kyi-color-accent-text, light-dark(#ffffff, #0b1220));
    --_kyi-font-size-large: var(--kyi-font-size-large, 1.0625rem);
  }
  /* One error layout: title, message and action each on a line of their own. */
  .alert {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: var(--_kyi-space);
    padding: var(--_kyi-space-2) var(--_kyi-space-3);
    border: 1px solid var(--_kyi-danger);
    border-inline-start-width: 4px;
    border-radius: var(--_kyi-radius);
    background: var(--_kyi-surface);
    overflow-wrap: anywhere;
  }
  .alert-title {
    font-weight: var(--_kyi-weight-strong);
    color: var(--_kyi-danger);
  }
  .alert .button {
    margin-block-start: var(--_kyi-space);
  }

  /* A notice's words (the monitoring elements draw its box, monitoring.styles.ts). */
  .notice {
    color: var(--_kyi-text-muted);
    overflow-wrap: anywhere;
  }

  /* every control switched off (buttons, the feed's checkboxes) */
  :disabled,
  .button[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }

  .mono {
    font-family: var(--kyi-font-family-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
  }

  /* A link standing on its own (a row of actions, a list of links): a target of 24 px at least (WCAG 2.5.8). */
  .action-link {
    display: inline-flex;
    align-items: center;
    min-block-size: 24px;
  }

  /* Forced colours (Windows High Contrast): see styles.ts. */
  @media (forced-colors: active) {
    .button:disabled,
    .button[aria-disabled='true'] {
      color: GrayText;
      border-color: GrayText;
    }
    .alert {
      border-color: CanvasText;
    }
  }
`;
