/**
 * `kyi-elements/vue`: Vue typings (props and `@kyi-…` event handlers in templates, checked by
 * `vue-tsc`), generated from the elements' JSDoc (scripts/manifest/frameworks.mjs). Add
 * `import type {} from 'kyi-elements/vue'` once, e.g. in `env.d.ts`. Types only.
 */
export type { CustomElements as KyiVueElements } from './vue-types.js';
// Each element's props, as the element map names them
export type { KyiBadgeProps, KyiTokenStatusProps, KyiAssetCardProps, KyiVerifyButtonProps, KyiWatchlistProps, KyiChangeFeedProps, KyiNotificationsProps } from './vue-types.js';
