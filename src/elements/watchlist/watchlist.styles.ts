import { css } from 'lit';

/** Styles of `<kyi-watchlist>` (after the shared theme, and the monitoring layout). */
export const watchlistStyles = css`
  .list {
    gap: var(--kyi-watchlist-gap, 0.5rem);
  }
  .item {
    background: var(--kyi-watchlist-item-background, var(--_kyi-surface-raised));
  }
  .state[data-state='ready'] {
    color: var(--_kyi-success);
  }
  .state[data-state='gathering'] {
    color: var(--_kyi-warning);
  }
  .state[data-state='unresolved'] {
    color: var(--_kyi-danger);
  }
  .note-text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  textarea {
    inline-size: 100%;
    min-block-size: 4.5em;
    padding: 0.375em 0.5em;
  }
  .counter[data-over] {
    color: var(--_kyi-danger);
    font-weight: 600;
  }
`;
