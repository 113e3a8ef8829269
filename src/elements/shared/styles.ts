/**
 * Shared styles of the kit's elements: the theme (theme.styles.ts, with the rules a badge uses
 * too), the theme's colours no badge paints (but the accent text, which only the elements of
 * blocks.styles.ts paint), and the building blocks every element but the badge uses. A badge takes only the theme, so a page that shows only badges carries none of the
 * building blocks; those the token status does not use are in blocks.styles.ts, so a
 * token-status page carries none of them.
 */
import { css } from './reactive.js';
import { themeStyles } from './theme.styles.js';

/**
 * The theme's colours no badge paints (theme.styles.ts has the others and says what each is for),
 * then the shared building blocks: skeleton and button.
 */
export const componentStyles = css`
  :host {
    --_kyi-text-muted: var(--kyi-color-text-muted, light-dark(#505866, #aab1bd));
    --_kyi-surface-raised: var(--kyi-color-surface-raised, light-dark(#f4f5f7, #20242b));
    --_kyi-border: var(--kyi-color-border, light-dark(#d4d8de, #3a404a));
    --_kyi-warning: var(--kyi-color-warning, light-dark(#8a4b00, #f5b65b));
    --_kyi-danger: var(--kyi-color-danger, light-dark(#b3261e, #ff8a80));
  }
  /* more contrast asked for: borders as strong as muted text (and controls' edges as text,
     monitoring.styles.ts) */
  @media (prefers-contrast: more) {
    :host {
      --_kyi-border: var(--_kyi-text-muted);
    }
  }

  .skeleton {
    display: inline-block;
    min-height: 1em;
    border-radius: var(--_kyi-radius-small);
    background: var(--kyi-color-skeleton, light-dark(#e4e7eb, #2b3038));
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
  .button.small {
    /* a target of 24 px at least (WCAG 2.5.8), whatever the font size */
    min-height: max(24px, 1.75em);
    padding: 0 var(--_kyi-space-2);
    font-weight: normal;
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
  }
`;

/** Everything shared, in order. */
export const sharedStyles = [themeStyles, componentStyles];
