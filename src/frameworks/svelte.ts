/**
 * `kyi-elements/svelte`: Svelte typings (attributes, `bind:` props and `on:kyi-…` handlers,
 * checked by `svelte-check`), generated from the elements' JSDoc
 * (scripts/manifest/frameworks.mjs). Add `import type {} from 'kyi-elements/svelte'` once, e.g.
 * in `src/app.d.ts`. Types only.
 */
export type { CustomElements as KyiSvelteElements } from './svelte-types.js';
// Each element's props, as the element map names them
export type { KyiBadgeProps, KyiTokenStatusProps, KyiAssetCardProps, KyiVerifyButtonProps, KyiWatchlistProps, KyiChangeFeedProps, KyiNotificationsProps, BaseProps as KyiBaseProps, BaseEvents as KyiBaseEvents } from './svelte-types.js';
