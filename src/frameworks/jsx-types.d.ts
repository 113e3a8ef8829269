import type {
  KyiBadge,
  KyiErrorDetail,
  KyiTokenStatus,
  KyiStatusDetail,
  KyiAssetCard,
  KyiCopyDetail,
  KyiVerifyButton,
  KyiWidgetDetail,
  KyiCloseDetail,
  KyiWatchlist,
  KyiWatchlistChangeDetail,
  KyiChangeFeed,
  KyiChangesDetail,
  KyiNotifications,
  KyiNotificationsDetail,
} from "../index.js";

/**
 * This type can be used to create scoped tags for your components.
 *
 * Usage:
 *
 * ```ts
 * import type { ScopedElements } from "path/to/library/jsx-integration";
 *
 * declare module "my-library" {
 *   namespace JSX {
 *     interface IntrinsicElements
 *       extends ScopedElements<'test-', ''> {}
 *   }
 * }
 * ```
 *
 */
export type ScopedElements<Prefix extends string = "", Suffix extends string = ""> = {
  [Key in keyof CustomElements as `${Prefix}${Key}${Suffix}`]: CustomElements[Key];
};

type BaseProps = {
  /** Content added between the opening and closing tags of the element */
  children?: any;
  /** Used for declaratively styling one or more elements using CSS (Cascading Stylesheets) */
  class?: string;
  /** Used for declaratively styling one or more elements using CSS (Cascading Stylesheets) */
  className?: string;
  /** Takes an object where the key is the class name(s) and the value is a boolean expression. When true, the class is applied, and when false, it is removed. */
  classList?: Record<string, boolean | undefined>;
  /** Specifies the text direction of the element. */
  dir?: "ltr" | "rtl";
  /** Contains a space-separated list of the part names of the element that should be exposed on the host element. */
  exportparts?: string;
  /** For <label> and <output>, lets you associate the label with some control. */
  htmlFor?: string;
  /** Specifies whether the element should be hidden. */
  hidden?: boolean | string;
  /** A unique identifier for the element. */
  id?: string;
  /** Keys tell React which array item each component corresponds to */
  key?: string | number;
  /** Specifies the language of the element. */
  lang?: string;
  /** Contains a space-separated list of the part names of the element. Part names allows CSS to select and style specific elements in a shadow tree via the ::part pseudo-element. */
  part?: string;
  /** Use the ref attribute with a variable to assign a DOM element to the variable once the element is rendered. */
  ref?: unknown | ((e: unknown) => void);
  /** Adds a reference for a custom element slot */
  slot?: string;
  /** Prop for setting inline styles */
  style?: Record<string, string | number>;
  /** Overrides the default Tab button behavior. Avoid using values other than -1 and 0. */
  tabIndex?: number;
  /** Specifies the tooltip text for the element. */
  title?: string;
  /** Passing 'no' excludes the element content from being translated. */
  translate?: "yes" | "no";
};

type BaseEvents = {};

export type KyiBadgeProps = {
  /** Credential type: `kyi_verified` or `proof_of_collateral`. */
  credential?: KyiBadge["credential"];
  /** `icon` (square mark) or `full` (pill with the credential name, 32 px high). */
  variant?: KyiBadge["variant"];
  /** `dark`, `light`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme?: KyiBadge["theme"];
  /** Image format: `svg` or `png`. */
  format?: KyiBadge["format"];
  /** Icon size in px: 16, 24, 32 or 64 (64 shows the 32 px asset scaled up). Ignored for `full`. */
  size?: KyiBadge["size"];
  /** Optional link target, http(s) only (e.g. the asset's verified page). Opens in a new tab. */
  href?: KyiBadge["href"];

  /** `invalid_attribute` when an attribute is invalid; `image_failed` when the image does not load. */
  "onkyi-error"?: (e: CustomEvent<KyiErrorDetail>) => void;
};

export type KyiTokenStatusProps = {
  /** CAIP-19 asset ID of the token (use this, or `address`). */
  caip19?: KyiTokenStatus["caip19"];
  /** Token address (use this, or `caip19`). */
  address?: KyiTokenStatus["address"];
  /** Chain slug narrowing an `address` lookup, e.g. `ethereum`. */
  "chain-slug"?: KyiTokenStatus["chainSlug"];
  /** Icon only, with the status as its accessible name. */
  compact?: KyiTokenStatus["compact"];
  /** Base URL of the server piece for this element only (overrides `configure` and `<meta>`); honoured on the page's origin or a `trustedProxyOrigins` origin only. */
  "proxy-url"?: KyiTokenStatus["proxyUrl"];
  /** `light`, `dark`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme?: KyiTokenStatus["theme"];

  /** A lookup settled: `{ status, result }`. */
  "onkyi-status"?: (e: CustomEvent<KyiStatusDetail>) => void;
  /** The lookup failed: `{ code, message }`. */
  "onkyi-error"?: (e: CustomEvent<KyiErrorDetail>) => void;
};

export type KyiAssetCardProps = {
  /** CAIP-10 account ID of the asset, e.g. `solana:5eykt4…:EPjF…` (use this, or `chain` + `address`). */
  "account-id"?: KyiAssetCard["accountId"];
  /** Chain name, e.g. `solana` or `ethereum` (with `address`). */
  chain?: KyiAssetCard["chain"];
  /** Token address (with `chain`). */
  address?: KyiAssetCard["address"];
  /** Base URL of the server piece for this element only (overrides `configure` and `<meta>`); honoured on the page's origin or a `trustedProxyOrigins` origin only. */
  "proxy-url"?: KyiAssetCard["proxyUrl"];
  /** `light`, `dark`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme?: KyiAssetCard["theme"];

  /** A lookup settled: `{ status, result }` (`verified`, `not-found`, `invalid`, `error`). */
  "onkyi-status"?: (e: CustomEvent<KyiStatusDetail>) => void;
  /** The lookup failed, or copying failed: `{ code, message }`. */
  "onkyi-error"?: (e: CustomEvent<KyiErrorDetail>) => void;
  /** The user copied an address: `{ value }`. */
  "onkyi-copy"?: (e: CustomEvent<KyiCopyDetail>) => void;
};

export type KyiVerifyButtonProps = {
  /** Which widget opens: `kyi` (issuer verification), `asset-list` or `wallet-list`. */
  scope?: KyiVerifyButton["scope"];
  /** How the widget is shown: `drawer` (a panel at the inline end) or `modal` (centred). */
  mode?: KyiVerifyButton["mode"];
  /** Fetch a token ahead on hover or focus, so the drawer opens sooner. A token is used once at most. */
  prefetch?: KyiVerifyButton["prefetch"];
  /** Disables the button. */
  disabled?: KyiVerifyButton["disabled"];
  /** How long the widget has to report ready before `widget_timeout`, in ms. */
  "ready-timeout"?: KyiVerifyButton["readyTimeout"];

  /** The drawer opened. `detail: { scope }`. */
  "onkyi-open"?: (e: CustomEvent<KyiWidgetDetail>) => void;
  /** The widget in the drawer reported ready. `detail: { scope }`. */
  "onkyi-ready"?: (e: CustomEvent<KyiWidgetDetail>) => void;
  /** The drawer closed; exactly one per `kyi-open`. `detail: { scope, reason }`, reason `widget` | `user` | `method` | `removed` | `error`. */
  "onkyi-close"?: (e: CustomEvent<KyiCloseDetail>) => void;
  /** After a close, a re-check found a changed status on the page. `detail: { scope }`. */
  "onkyi-verification-changed"?: (e: CustomEvent<KyiWidgetDetail>) => void;
  /** `detail: { code, message, status? }`; code `session_required` (401), `forbidden` (403), `not_configured` (503 or 404, or no widget URL), `signing_failed` (502), `network`, `widget_error` (message from the widget; after `kyi:ready` the drawer stays open), `widget_timeout` (no `kyi:ready` in time: most often this site's origin is not on the widget's allow-list), `invalid_attribute` (bad `scope` or `mode`); other answers of the token endpoint carry the kit's usual codes (e.g. `too_many_requests`). */
  "onkyi-error"?: (e: CustomEvent<KyiErrorDetail>) => void;
};

export type KyiWatchlistProps = {
  /** Base URL of the server piece for this element only (overrides `configure` and `<meta>`); honoured on the page's origin or a `trustedProxyOrigins` origin only. */
  "proxy-url"?: KyiWatchlist["proxyUrl"];
  /** Re-read every this many seconds (at least `minRefreshSeconds`, 30 by default); 0 or absent turns polling off. */
  "refresh-interval"?: KyiWatchlist["refreshInterval"];
  /** `light`, `dark`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme?: KyiWatchlist["theme"];

  /** The user added, updated or removed an item. `detail: { action, itemId, item }`. */
  "onkyi-watchlist-change"?: (e: CustomEvent<KyiWatchlistChangeDetail>) => void;
  /** A read or write failed. `detail: { code, message, status }`; codes include `watchlist_limit_reached` (409), `not_found` (404), `writes_disabled`, `invalid_parameter`, `network`. */
  "onkyi-error"?: (e: CustomEvent<KyiErrorDetail>) => void;
};

export type KyiChangeFeedProps = {
  /** Only disclosure-field changes of this materiality: `material`, `clarification` or `editorial`; empty for all. */
  materiality?: KyiChangeFeed["materiality"];
  /** Only the rows the service marks new (`isNew`: confirmed, after the seen marker). Filters what is shown; the read is the same. */
  "new-only"?: KyiChangeFeed["newOnly"];
  /** Also list low-signal document revisions (`showAll=true`). */
  "show-all"?: KyiChangeFeed["showAll"];
  /** Window size in days; absent for the service's default (90). */
  days?: KyiChangeFeed["days"];
  /** Order: `recent` (default) or `impact` (weakens, mixed, strengthens, neutral, unassessed, then newest). */
  sort?: KyiChangeFeed["sort"];
  /** Comma-separated watchlist item ids (at most 25) to restrict the feed to; empty for all. */
  items?: KyiChangeFeed["items"];
  /** Category filter (e.g. `disclosure_field`); empty for all. */
  category?: KyiChangeFeed["category"];
  /** Hides the filter controls (the attributes still apply). */
  "hide-filters"?: KyiChangeFeed["hideFilters"];
  /** Base URL of the server piece for this element only (overrides `configure` and `<meta>`); honoured on the page's origin or a `trustedProxyOrigins` origin only. */
  "proxy-url"?: KyiChangeFeed["proxyUrl"];
  /** Re-read every this many seconds (at least `minRefreshSeconds`, 30 by default); 0 or absent turns polling off. */
  "refresh-interval"?: KyiChangeFeed["refreshInterval"];
  /** `light`, `dark`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme?: KyiChangeFeed["theme"];

  /** A read settled. `detail: { items, added, truncated }` (`added`: rows new to the view). */
  "onkyi-changes"?: (e: CustomEvent<KyiChangesDetail>) => void;
  /** A read failed. `detail: { code, message, status }`; a refused filter is `invalid_parameter` (400) with the server's message. */
  "onkyi-error"?: (e: CustomEvent<KyiErrorDetail>) => void;
};

export type KyiNotificationsProps = {
  /** Only unread notifications (`unread=true`). */
  "unread-only"?: KyiNotifications["unreadOnly"];
  /** The service's own interface, where notifications are marked read (http(s) only). */
  "inbox-url"?: KyiNotifications["inboxUrl"];
  /** Base URL of the server piece for this element only (overrides `configure` and `<meta>`); honoured on the page's origin or a `trustedProxyOrigins` origin only. */
  "proxy-url"?: KyiNotifications["proxyUrl"];
  /** Re-read every this many seconds (at least `minRefreshSeconds`, 30 by default); 0 or absent turns polling off. */
  "refresh-interval"?: KyiNotifications["refreshInterval"];
  /** `light`, `dark`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme?: KyiNotifications["theme"];

  /** A read settled. `detail: { unread, items }`. */
  "onkyi-notifications"?: (e: CustomEvent<KyiNotificationsDetail>) => void;
  /** A read failed. `detail: { code, message, status }`. */
  "onkyi-error"?: (e: CustomEvent<KyiErrorDetail>) => void;
};

export type CustomElements = {
  /**
   * The service's verification badge image for a credential, with explicit size,
   * lazy loading and alt text naming the credential.
   *
   * **A badge alone is a static claim**: the image says "verified" whatever the token's
   * state (spec 4.1, badge rule 5). To say a specific token is verified, use
   * `<kyi-token-status>`, which shows the badge only after a live lookup confirmed it.
   *
   * An invalid attribute renders nothing and fires `kyi-error` (`invalid_attribute`), so the
   * page never requests a URL the service would reject. When the image fails to load, the
   * credential's name is shown as text instead.
   * ---
   *
   *
   * ### **Events:**
   *  - **kyi-error** - `invalid_attribute` when an attribute is invalid; `image_failed` when the image does not load.
   *
   * ### **CSS Properties:**
   *  - **--kyi-badge-label-color** - Text colour of the fallback label. _(default: undefined)_
   * - **--kyi-badge-label-background** - Background of the fallback label. _(default: undefined)_
   *
   * ### **CSS Parts:**
   *  - **base** - The wrapper (a link when `href` is set).
   * - **image** - The badge `<img>`.
   * - **label** - Shown when the image cannot load: the credential's name in a pill (`full`), or its mark in the icon's box with the name as text for assistive technology (`icon`).
   */
  "kyi-badge": Partial<KyiBadgeProps & BaseProps & BaseEvents>;

  /**
   * Live KYI verification status of one token: looks the token up through the
   * partner's server piece and shows the verified badge only when the lookup says so.
   *
   * Identify the token with `caip19`, or with `address` and optional `chain-slug`. Lookups
   * from every element on the page are batched, deduplicated and cached. The element
   * re-checks when its attributes change and drops stale answers.
   * ---
   *
   *
   * ### **Events:**
   *  - **kyi-status** - A lookup settled: `{ status, result }`.
   * - **kyi-error** - The lookup failed: `{ code, message }`.
   *
   * ### **Methods:**
   *  - **refresh(): _Promise<void>_** - Looks up again, bypassing the browser's and the proxy's caches. Resolves when settled.
   *
   * ### **CSS Properties:**
   *  - **--kyi-token-status-width** - Width of the full (not compact) status in every state, so nothing moves when a lookup settles (default 24em; `auto` to fit the text). _(default: undefined)_
   * - **--kyi-token-status-icon-size** - Size of the state icon and badge (default 1.25em). _(default: undefined)_
   * - **--kyi-token-status-gap** - Gap between icon and text (default 0.375em). _(default: undefined)_
   * - **--kyi-token-status-verified-color** - Colour of the verified text. _(default: undefined)_
   * - **--kyi-token-status-background** - Background of the status (default the theme surface). _(default: undefined)_
   *
   * ### **CSS Parts:**
   *  - **base** - The wrapper of every state.
   * - **badge** - The verified badge image.
   * - **icon** - The state icon (not verified, unknown token, invalid input, error, or the badge's fallback).
   * - **label** - The status text.
   * - **summary** - Per-chain summary when the token matches on several chains.
   * - **issuer** - The issuer line of a verified token.
   * - **warning** - "Business not verified": a verified token whose issuer's business is not (icon and words; in compact mode a corner mark, the words in the accessible name).
   * - **skeleton** - The loading placeholder.
   * - **notice** - The invalid-input and unknown-token notices.
   * - **error** - The error alert (compact: its text, visually hidden).
   * - **retry-button** - The error's Retry button (compact: an icon button).
   */
  "kyi-token-status": Partial<KyiTokenStatusProps & BaseProps & BaseEvents>;

  /**
   * A verified asset's record: token image, name, ticker, chain, issuer and whether
   * the business is verified, description, links, authorities and attestation address.
   *
   * Identify the asset with `account-id` (CAIP-10), or `chain` (a chain name such as
   * `solana`) and `address`. A 404 reads "not verified on this chain". Upstream text is
   * rendered as text; a URL becomes a link or an image only when it is http(s).
   * ---
   *
   *
   * ### **Events:**
   *  - **kyi-status** - A lookup settled: `{ status, result }` (`verified`, `not-found`, `invalid`, `error`).
   * - **kyi-error** - The lookup failed, or copying failed: `{ code, message }`.
   * - **kyi-copy** - The user copied an address: `{ value }`.
   *
   * ### **Methods:**
   *  - **refresh(): _Promise<void>_** - Looks up again, bypassing the browser's and the proxy's caches. Resolves when settled.
   *
   * ### **Slots:**
   *  - **actions** - Buttons or links shown at the bottom of the card (e.g. `<kyi-verify-button>`).
   *
   * ### **CSS Properties:**
   *  - **--kyi-asset-card-padding** - Inner padding (default 1rem). _(default: undefined)_
   * - **--kyi-asset-card-background** - Card background. _(default: undefined)_
   * - **--kyi-asset-card-border** - Card border (default 1px solid the border colour). _(default: undefined)_
   * - **--kyi-asset-card-image-size** - Token image size (default 48px). _(default: undefined)_
   *
   * ### **CSS Parts:**
   *  - **base** - The card.
   * - **header** - Image, name, ticker and chain.
   * - **image** - The token image.
   * - **placeholder** - Shown instead of the image when there is none or it fails.
   * - **name** - The token name.
   * - **ticker** - The token ticker.
   * - **chain** - The chain.
   * - **status** - The verdict: a headline that is the weaker claim (asset verified / business not verified) and a line with the other claim and the issuer.
   * - **status-label** - The verdict's headline.
   * - **issuer** - The verdict's second line (the other claim and the issuer's name).
   * - **description** - The description.
   * - **links** - The website / whitepaper / verified page links.
   * - **link** - Each link.
   * - **verified-link** - The link to the asset's verified page.
   * - **authorities** - The list of authorities.
   * - **authority** - One authority.
   * - **address** - A shortened address.
   * - **copy-button** - A copy button.
   * - **attestation** - The attestation address block.
   * - **actions** - The wrapper of the `actions` slot.
   * - **skeleton** - Loading placeholders.
   * - **notice** - The not-found and invalid-input notices.
   * - **error** - The error alert.
   * - **retry-button** - The error's Retry button.
   */
  "kyi-asset-card": Partial<KyiAssetCardProps & BaseProps & BaseEvents>;

  /**
   * Starts KYI verification in the widget drawer, with token minting, a11y and re-checks.
   * ---
   *
   *
   * ### **Events:**
   *  - **kyi-open** - The drawer opened. `detail: { scope }`.
   * - **kyi-ready** - The widget in the drawer reported ready. `detail: { scope }`.
   * - **kyi-close** - The drawer closed; exactly one per `kyi-open`. `detail: { scope, reason }`, reason `widget` | `user` | `method` | `removed` | `error`.
   * - **kyi-verification-changed** - After a close, a re-check found a changed status on the page. `detail: { scope }`.
   * - **kyi-error** - `detail: { code, message, status? }`; code `session_required` (401), `forbidden` (403), `not_configured` (503 or 404, or no widget URL), `signing_failed` (502), `network`, `widget_error` (message from the widget; after `kyi:ready` the drawer stays open), `widget_timeout` (no `kyi:ready` in time: most often this site's origin is not on the widget's allow-list), `invalid_attribute` (bad `scope` or `mode`); other answers of the token endpoint carry the kit's usual codes (e.g. `too_many_requests`).
   *
   * ### **Methods:**
   *  - **open(): _Promise<void>_** - Gets a token and opens the drawer, like a click. Does nothing while a drawer is open or
   * opening, or when disabled. Resolves once the drawer is open or the attempt has failed.
   * - **close(): _void_** - Closes the drawer (`kyi-close` with reason `method`), or cancels an opening in progress.
   *
   * ### **Slots:**
   *  - _default_ - The button label. Default: "Verify with KYI" from the strings table (`verifyButton.label`).
   *
   * ### **CSS Properties:**
   *  - **--kyi-verify-button-background** - Button background (default: the accent color). _(default: undefined)_
   * - **--kyi-verify-button-color** - Button text color. _(default: undefined)_
   * - **--kyi-verify-button-drawer-width** - Drawer width (default `760px`; the full width on narrower screens). _(default: undefined)_
   * - **--kyi-verify-button-modal-width** - Modal width in `mode="modal"` (default `760px`; the full screen on a phone). _(default: undefined)_
   * - **--kyi-verify-button-modal-height** - Modal height in `mode="modal"` (default `90vh`). _(default: undefined)_
   * - **--kyi-verify-button-drawer-background** - Drawer background (default: the surface color). _(default: undefined)_
   * - **--kyi-verify-button-backdrop** - Backdrop behind the drawer. _(default: undefined)_
   *
   * ### **CSS Parts:**
   *  - **button** - The `<button>`.
   * - **label** - The label wrapper around the slot.
   * - **spinner** - Progress indicator shown while a token is fetched.
   * - **error** - The error message shown below the button (`role="alert"`).
   * - **drawer** - The modal drawer or centred modal (`<dialog>`; class `modal` in modal mode).
   * - **drawer-panel** - The drawer's content column.
   * - **drawer-header** - Header row with the title and the close button, shown until the widget is ready (then the widget's own header is the chrome).
   * - **drawer-title** - The drawer's heading, shown with the header (the dialog's accessible name stays).
   * - **close-button** - The drawer's close button, shown with the header.
   * - **drawer-body** - The area holding the widget.
   * - **drawer-status** - "Loading…" covering the frame until the widget is ready.
   * - **drawer-frame** - The widget's `<iframe>`.
   */
  "kyi-verify-button": Partial<KyiVerifyButtonProps & BaseProps & BaseEvents>;

  /**
   * The Explorer watchlist: items, states, monitoring, notes, add and remove.
   * ---
   *
   *
   * ### **Events:**
   *  - **kyi-watchlist-change** - The user added, updated or removed an item. `detail: { action, itemId, item }`.
   * - **kyi-error** - A read or write failed. `detail: { code, message, status }`; codes include `watchlist_limit_reached` (409), `not_found` (404), `writes_disabled`, `invalid_parameter`, `network`.
   *
   * ### **Methods:**
   *  - **refresh(): _Promise<void>_** - Loads again now. Resolves when settled.
   *
   * ### **CSS Properties:**
   *  - **--kyi-watchlist-gap** - Space between items (default `0.5rem`). _(default: undefined)_
   * - **--kyi-watchlist-item-background** - Item background (default: the raised surface color). _(default: undefined)_
   *
   * ### **CSS Parts:**
   *  - **base** - The outer wrapper.
   * - **header** - Title row with the used / limit count.
   * - **usage** - The "12 of 50 used" text.
   * - **add-form** - The add-by-asset-id form (writes allowed only).
   * - **list** - The `<ul>` of items.
   * - **item** - One item (`<li>`).
   * - **switch** - An item's monitoring on/off switch (`role="switch"`).
   * - **state** - An item's state label.
   * - **note** - An item's note, or its editor.
   * - **error** - Error messages (`role="alert"`).
   * - **empty** - The empty-watchlist text.
   */
  "kyi-watchlist": Partial<KyiWatchlistProps & BaseProps & BaseEvents>;

  /**
   * Monitoring changes with filters, provisional and low-signal rows, and polling.
   * ---
   *
   *
   * ### **Events:**
   *  - **kyi-changes** - A read settled. `detail: { items, added, truncated }` (`added`: rows new to the view).
   * - **kyi-error** - A read failed. `detail: { code, message, status }`; a refused filter is `invalid_parameter` (400) with the server's message.
   *
   * ### **Methods:**
   *  - **refresh(): _Promise<void>_** - Loads again now. Resolves when settled.
   *
   * ### **CSS Properties:**
   *  - **--kyi-change-feed-gap** - Space between rows (default `0.5rem`). _(default: undefined)_
   * - **--kyi-change-feed-quiet-color** - Text color of low-signal rows (default: the muted text color). _(default: undefined)_
   *
   * ### **CSS Parts:**
   *  - **base** - The outer wrapper.
   * - **filters** - The filter form.
   * - **truncated** - The banner shown when the window holds more than 200 changes.
   * - **list** - The `<ol>` of changes.
   * - **change** - One change row.
   * - **headline** - A row's headline.
   * - **delta** - The before → after line.
   * - **links** - A row's source links.
   * - **more** - Below a long list: how many are shown, and the "Show more" button.
   * - **error** - Error messages (`role="alert"`).
   * - **empty** - The no-changes text.
   */
  "kyi-change-feed": Partial<KyiChangeFeedProps & BaseProps & BaseEvents>;

  /**
   * Monitoring notifications by kind group, with the unread count and polling.
   * ---
   *
   *
   * ### **Events:**
   *  - **kyi-notifications** - A read settled. `detail: { unread, items }`.
   * - **kyi-error** - A read failed. `detail: { code, message, status }`.
   *
   * ### **Methods:**
   *  - **refresh(): _Promise<void>_** - Loads again now. Resolves when settled.
   *
   * ### **CSS Properties:**
   *  - **--kyi-notifications-unread-color** - Marker color of unread items (default: the accent color). _(default: undefined)_
   *
   * ### **CSS Parts:**
   *  - **base** - The outer wrapper.
   * - **unread** - The unread count.
   * - **group** - One kind group (`<section>`).
   * - **list** - A group's `<ul>`.
   * - **notification** - One notification.
   * - **more** - Below a long list: how many are shown, and the "Show more" button.
   * - **read-note** - The note that marking read happens in the service's interface.
   * - **error** - Error messages (`role="alert"`).
   * - **empty** - The no-notifications text.
   */
  "kyi-notifications": Partial<KyiNotificationsProps & BaseProps & BaseEvents>;
};
