import { css } from '../shared/reactive.js';

/** Styles of `<kyi-notifications>` (after the shared theme, and the monitoring layout). */
export const notificationsStyles = css`
  /* the unread count: a tag (monitoring.styles.ts), filled */
  .count {
    border-color: transparent;
    background: var(--kyi-notifications-unread-color, var(--_kyi-accent));
    color: var(--_kyi-accent-text);
    font-weight: var(--_kyi-weight-strong);
  }
  .count[data-zero] {
    background: var(--_kyi-surface-raised);
    color: var(--_kyi-text-muted);
  }
  .item[data-unread] {
    border-inline-start: 4px solid var(--kyi-notifications-unread-color, var(--_kyi-accent));
    /* the thicker edge takes its width from the padding: an unread row's content lines up with a
       read one's (within the 1 px a border's width is off the spacing scale) */
    padding-inline-start: var(--_kyi-space-2);
  }
  .group {
    display: flex;
    flex-direction: column;
    gap: var(--_kyi-space-2);
  }
`;
