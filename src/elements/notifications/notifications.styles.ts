import { css } from 'lit';

/** Styles of `<kyi-notifications>` (after the shared theme, and the monitoring layout). */
export const notificationsStyles = css`
  .count {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    padding: 0.05em 0.6em;
    border-radius: 999px;
    background: var(--kyi-notifications-unread-color, var(--_kyi-accent));
    color: var(--_kyi-accent-text);
    font-size: var(--_kyi-font-size-small);
    font-weight: 600;
  }
  .count[data-zero] {
    background: var(--_kyi-surface-raised);
    color: var(--_kyi-text-muted);
  }
  .item[data-unread] {
    border-inline-start: 4px solid var(--kyi-notifications-unread-color, var(--_kyi-accent));
    /* the thicker edge takes its width from the padding: an unread row's content lines up with a read one's */
    padding-inline-start: calc(0.75rem - 3px);
  }
  .group {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
`;
