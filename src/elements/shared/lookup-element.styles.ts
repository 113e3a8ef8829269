import { css, unsafeCSS, type CSSResult } from 'lit';

const byDelay = new Map<number, CSSResult>();

/**
 * While a lookup element waits quietly (no skeleton flash), its loading box keeps its size and
 * shows nothing for `delayMs`, then shows: an animation holds `visibility: hidden` that long, so
 * the reveal needs no script (500 statuses revealing at once would otherwise each re-render and
 * restyle). The host attribute's value alternates with each new quiet wait, which changes the
 * animation's name and so restarts it.
 */
export function waitingStyles(delayMs: number): CSSResult {
  // A finite CSS time (an "infinite" delay is a long one).
  const delay = Math.min(Math.max(0, delayMs), 2_000_000_000);
  let styles = byDelay.get(delay);
  if (!styles) {
    styles = css`
      @keyframes kyi-waiting-a {
        from,
        to {
          visibility: hidden;
        }
      }
      @keyframes kyi-waiting-b {
        from,
        to {
          visibility: hidden;
        }
      }
      :host([data-kyi-waiting]) [aria-busy='true'] {
        animation: kyi-waiting-a ${unsafeCSS(`${delay}ms`)} step-end;
      }
      :host([data-kyi-waiting='b']) [aria-busy='true'] {
        animation-name: kyi-waiting-b;
      }
    `;
    byDelay.set(delay, styles);
  }
  return styles;
}
