import { css } from '../shared/reactive.js';

/** Styles of `<kyi-watchlist>` (after the shared theme, and the monitoring layout). */
export const watchlistStyles = css`
  :host {
    --_list-gap: var(--kyi-watchlist-gap, var(--_kyi-space-2));
    --_item-background: var(--kyi-watchlist-item-background, var(--_kyi-surface-raised));
  }
  /* the id field keeps room for a whole UUID; the Add button goes below it when there is none */
  .add .row {
    flex-wrap: wrap;
  }
  .add input[type='text'] {
    flex: 1 1 calc(36ch + 1.25em);
    font-size: var(--_kyi-font-size-small);
  }
  .controls {
    justify-content: space-between;
  }
  .actions {
    display: inline-flex;
    flex-wrap: wrap;
    gap: var(--_kyi-space-2);
    margin-inline-start: auto;
  }
  /* monitoring on/off: a switch, its words beside it (it flips at once: no motion to opt out of) */
  .switch {
    display: inline-flex;
    align-items: center;
    gap: var(--_kyi-space-2);
    /* a target of 24 px at least (WCAG 2.5.8) */
    min-block-size: 24px;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
    border-radius: var(--_kyi-radius-small);
  }
  .switch .monitoring,
  .switch .monitoring-state {
    font-size: var(--_kyi-font-size-small);
  }
  /* saving: still focusable (aria-disabled), so focus never falls to the page */
  .switch[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
  .track {
    position: relative;
    flex: none;
    inline-size: 2.25rem;
    block-size: 1.25rem;
    border-radius: var(--_kyi-radius-pill);
    border: 1px solid var(--_kyi-border);
    background: var(--_kyi-surface);
  }
  .thumb {
    position: absolute;
    inset-block-start: 0.125rem;
    inset-inline-start: 0.125rem;
    inline-size: 0.875rem;
    block-size: 0.875rem;
    border-radius: var(--_kyi-radius-pill);
    background: var(--_kyi-text-muted);
  }
  .switch[aria-checked='true'] .track {
    background: var(--_kyi-accent);
    border-color: var(--_kyi-accent);
  }
  .switch[aria-checked='true'] .thumb {
    background: var(--_kyi-accent-text);
    transform: translateX(1rem);
  }
  :host(:dir(rtl)) .switch[aria-checked='true'] .thumb {
    transform: translateX(-1rem);
  }
  /* forced colours: the thumb and an "on" track in system colours, so on and paused differ */
  @media (forced-colors: active) {
    .track,
    .thumb {
      forced-color-adjust: none;
    }
    .track {
      background: Canvas;
      border-color: ButtonText;
    }
    .thumb {
      background: ButtonText;
    }
    .switch[aria-checked='true'] .track {
      background: Highlight;
      border-color: Highlight;
    }
    .switch[aria-checked='true'] .thumb {
      background: HighlightText;
    }
    .switch[aria-disabled='true'] .track {
      border-color: GrayText;
    }
  }
  .removed {
    background: transparent;
    border-style: dashed;
  }
  .note-text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  textarea {
    inline-size: 100%;
    min-block-size: 4.5em;
    padding: var(--_kyi-space) var(--_kyi-space-2);
  }
  .counter[data-over] {
    color: var(--_kyi-danger);
    font-weight: var(--_kyi-weight-strong);
  }
`;
