/**
 * Shared styles of the kit's elements: the theme (theme.styles.ts, re-exported here) and the
 * building blocks of the elements that show data or actions. A badge takes only the theme and
 * `baseStyles`, so a page that shows only badges carries none of the building blocks.
 */
import { css } from 'lit';
import { baseStyles, themeStyles } from './theme.styles.js';

export { baseStyles, themeStyles };

/**
 * Shared building blocks: visually hidden text, links and the focus ring (`baseStyles`, which a
 * badge takes alone), then skeleton, alert, notice, button and monospace text.
 */
export const componentStyles = css`
  ${baseStyles}

  .skeleton {
    display: inline-block;
    min-height: 1em;
    border-radius: var(--_kyi-radius-small);
    background: var(--_kyi-skeleton);
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
    min-width: 0;
  }
  .alert .alert-title {
    display: block;
    font-weight: var(--_kyi-weight-strong);
    color: var(--_kyi-danger);
  }
  .alert .button {
    margin-block-start: var(--_kyi-space);
  }

  .notice {
    display: block;
    padding: var(--_kyi-space-2) var(--_kyi-space-3);
    border: 1px dashed var(--_kyi-border);
    border-radius: var(--_kyi-radius);
    color: var(--_kyi-text-muted);
    overflow-wrap: anywhere;
  }
  .notice .notice-title {
    display: block;
    font-weight: var(--_kyi-weight-strong);
    color: var(--_kyi-text);
  }

  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--_kyi-space);
    min-height: 2em;
    padding: var(--_kyi-space) var(--_kyi-space-3);
    font: inherit;
    font-size: var(--_kyi-font-size-small);
    font-weight: var(--_kyi-weight-strong);
    line-height: var(--_kyi-leading-tight);
    color: var(--_kyi-text);
    background: var(--_kyi-surface-raised);
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius-small);
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
  /* every control switched off (buttons, the feed's checkboxes) */
  :disabled,
  .button[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .button.small {
    /* a target of 24 px at least (WCAG 2.5.8), whatever the font size */
    min-height: max(24px, 1.75em);
    padding: 0 var(--_kyi-space-2);
    font-weight: normal;
  }

  .mono {
    font-family: var(--_kyi-font-mono);
  }

  /* A link standing on its own (a row of actions, a list of links): a target of 24 px at least (WCAG 2.5.8). */
  .action-link {
    display: inline-flex;
    align-items: center;
    min-block-size: 24px;
  }

  /* Forced colours (Windows High Contrast): backgrounds become the page's, so what only a
     background drew is drawn with system colours instead. */
  @media (forced-colors: active) {
    .skeleton {
      forced-color-adjust: none;
      background: GrayText;
    }
    .button {
      border-color: ButtonText;
    }
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

/** Everything shared, in order. */
export const sharedStyles = [themeStyles, componentStyles];
