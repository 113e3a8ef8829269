/**
 * `kyi-elements/jsx`: JSX typings for React 19, which sets properties and listens to custom
 * events on custom elements natively. Add `import 'kyi-elements/jsx'` once (e.g. in a
 * `.d.ts`), then `<kyi-token-status caip19="…" onkyi-status={(e) => e.detail.status} />`
 * is checked like any intrinsic element. Types only: the module has no runtime code.
 */
import type {} from 'react';
import type { KyiBadge } from './elements/badge/badge.js';
import type { KyiTokenStatus } from './elements/token-status/token-status.js';
import type { KyiAssetCard } from './elements/asset-card/asset-card.js';
import type { KyiVerifyButton } from './elements/verify-button/verify-button.js';
import type { KyiWatchlist } from './elements/watchlist/watchlist.js';
import type { KyiChangeFeed } from './elements/change-feed/change-feed.js';
import type { KyiNotifications } from './elements/notifications/notifications.js';
import type { BadgeFormat, BadgeSize, BadgeVariant, CredentialType, WidgetScope } from './contract/index.js';

type Events = GlobalEventHandlersEventMap;
/** React 19 maps `on<event-name>` props of custom elements to listeners of that event. */
type On<K extends keyof Events> = { [E in K as `on${E & string}`]?: (event: Events[E]) => void };
/** Props of a kit element: the standard HTML props, its public properties, and its events. */
type KyiProps<E extends HTMLElement, P extends keyof E, K extends keyof Events> = Partial<Pick<E, P>> &
  On<K> &
  Omit<import('react').HTMLAttributes<E>, P & string> & { ref?: import('react').Ref<E>; key?: import('react').Key };

export interface KyiIntrinsicElements {
  // The badge takes its attributes as strings at run time (an invalid one renders nothing and
  // fires kyi-error); in JSX only the values the service accepts type-check.
  'kyi-badge': Omit<KyiProps<KyiBadge, 'href', 'kyi-error'>, 'theme'> & {
    credential?: CredentialType;
    variant?: BadgeVariant;
    theme?: 'dark' | 'light' | 'auto';
    format?: BadgeFormat;
    size?: BadgeSize;
  };
  'kyi-token-status': KyiProps<KyiTokenStatus, 'caip19' | 'address' | 'chainSlug' | 'compact' | 'proxyUrl' | 'theme', 'kyi-status' | 'kyi-error'>;
  'kyi-asset-card': KyiProps<KyiAssetCard, 'accountId' | 'chain' | 'address' | 'proxyUrl' | 'theme', 'kyi-status' | 'kyi-error' | 'kyi-copy'>;
  'kyi-verify-button': Omit<KyiProps<
    KyiVerifyButton,
    'prefetch' | 'disabled' | 'readyTimeout' | 'proxyUrl',
    'kyi-open' | 'kyi-ready' | 'kyi-close' | 'kyi-verification-changed' | 'kyi-error'
  >, 'scope'> & { scope?: WidgetScope };
  'kyi-watchlist': KyiProps<KyiWatchlist, 'proxyUrl' | 'refreshInterval' | 'theme', 'kyi-watchlist-change' | 'kyi-error'>;
  'kyi-change-feed': KyiProps<
    KyiChangeFeed,
    'materiality' | 'newOnly' | 'showAll' | 'days' | 'sort' | 'items' | 'category' | 'hideFilters' | 'proxyUrl' | 'refreshInterval' | 'theme',
    'kyi-changes' | 'kyi-error'
  >;
  'kyi-notifications': KyiProps<KyiNotifications, 'unreadOnly' | 'inboxUrl' | 'proxyUrl' | 'refreshInterval' | 'theme', 'kyi-notifications' | 'kyi-error'>;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends KyiIntrinsicElements {}
  }
}
