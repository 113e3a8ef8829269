/**
 * `kyi-elements/jsx`: JSX typings for React 19, which sets properties and listens to custom
 * events on custom elements natively. Add `import 'kyi-elements/jsx'` once (e.g. in a
 * `.d.ts`), then `<kyi-token-status caip19="…" onkyi-status={(e) => e.detail.status} />`
 * is checked like any intrinsic element. The element types are generated from the elements'
 * JSDoc into ./frameworks/ at test, start and build time (scripts/manifest/frameworks.mjs);
 * this module only adds them to React's JSX.
 * Types only: the module has no runtime code.
 */
import type {} from 'react';
import type { CustomElements } from './jsx-types.js';

export type { CustomElements as KyiIntrinsicElements, ScopedElements } from './jsx-types.js';
// Each element's props, as the element map names them
export type { KyiBadgeProps, KyiTokenStatusProps, KyiAssetCardProps, KyiVerifyButtonProps, KyiWatchlistProps, KyiChangeFeedProps, KyiNotificationsProps, BaseProps as KyiBaseProps, BaseEvents as KyiBaseEvents } from './jsx-types.js';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements extends CustomElements {}
  }
}
