// Generated from custom-elements.json by `npm run manifest` (scripts/manifest/react-wrappers.mjs): do not edit.
/**
 * `kyi-elements/react`: the kit's elements as React components (`@lit/react`), with typed props and
 * `onKyiStatus`-style event props. Importing it registers the elements it wraps.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { defineElement } from '../register.js';
import {
  KyiBadge as KyiBadgeElement,
  KyiTokenStatus as KyiTokenStatusElement,
  KyiAssetCard as KyiAssetCardElement,
  KyiVerifyButton as KyiVerifyButtonElement,
  KyiWatchlist as KyiWatchlistElement,
  KyiChangeFeed as KyiChangeFeedElement,
  KyiNotifications as KyiNotificationsElement,
  type KyiErrorEvent,
  type KyiStatusEvent,
  type KyiCopyEvent,
  type KyiOpenEvent,
  type KyiReadyEvent,
  type KyiCloseEvent,
  type KyiVerificationChangedEvent,
  type KyiWatchlistChangeEvent,
  type KyiChangesEvent,
  type KyiNotificationsEvent,
} from '../index.js';

defineElement('kyi-asset-card', KyiAssetCardElement);
defineElement('kyi-badge', KyiBadgeElement);
defineElement('kyi-change-feed', KyiChangeFeedElement);
defineElement('kyi-notifications', KyiNotificationsElement);
defineElement('kyi-token-status', KyiTokenStatusElement);
defineElement('kyi-verify-button', KyiVerifyButtonElement);
defineElement('kyi-watchlist', KyiWatchlistElement);

/** `<kyi-badge>` as a React component: The service's verification badge image for a credential, with explicit size, lazy loading and alt text naming the credential. */
export const KyiBadge = createComponent({
  react: React,
  tagName: 'kyi-badge',
  elementClass: KyiBadgeElement,
  events: {
    onKyiError: 'kyi-error' as EventName<KyiErrorEvent>,
  },
});

/** `<kyi-token-status>` as a React component: Live KYI verification status of one token: looks the token up through the partner's server piece and shows the verified badge only when the lookup says so. */
export const KyiTokenStatus = createComponent({
  react: React,
  tagName: 'kyi-token-status',
  elementClass: KyiTokenStatusElement,
  events: {
    onKyiStatus: 'kyi-status' as EventName<KyiStatusEvent>,
    onKyiError: 'kyi-error' as EventName<KyiErrorEvent>,
  },
});

/** `<kyi-asset-card>` as a React component: A verified asset's record: token image, name, ticker, chain, issuer and whether the business is verified, description, links, authorities and attestation address. */
export const KyiAssetCard = createComponent({
  react: React,
  tagName: 'kyi-asset-card',
  elementClass: KyiAssetCardElement,
  events: {
    onKyiStatus: 'kyi-status' as EventName<KyiStatusEvent>,
    onKyiError: 'kyi-error' as EventName<KyiErrorEvent>,
    onKyiCopy: 'kyi-copy' as EventName<KyiCopyEvent>,
  },
});

/** `<kyi-verify-button>` as a React component: Starts KYI verification in the widget drawer, with token minting, a11y and re-checks. */
export const KyiVerifyButton = createComponent({
  react: React,
  tagName: 'kyi-verify-button',
  elementClass: KyiVerifyButtonElement,
  events: {
    onKyiOpen: 'kyi-open' as EventName<KyiOpenEvent>,
    onKyiReady: 'kyi-ready' as EventName<KyiReadyEvent>,
    onKyiClose: 'kyi-close' as EventName<KyiCloseEvent>,
    onKyiVerificationChanged: 'kyi-verification-changed' as EventName<KyiVerificationChangedEvent>,
    onKyiError: 'kyi-error' as EventName<KyiErrorEvent>,
  },
});

/** `<kyi-watchlist>` as a React component: The Explorer watchlist: items, states, monitoring, notes, add and remove. */
export const KyiWatchlist = createComponent({
  react: React,
  tagName: 'kyi-watchlist',
  elementClass: KyiWatchlistElement,
  events: {
    onKyiWatchlistChange: 'kyi-watchlist-change' as EventName<KyiWatchlistChangeEvent>,
    onKyiError: 'kyi-error' as EventName<KyiErrorEvent>,
  },
});

/** `<kyi-change-feed>` as a React component: Monitoring changes with filters, provisional and low-signal rows, and polling. */
export const KyiChangeFeed = createComponent({
  react: React,
  tagName: 'kyi-change-feed',
  elementClass: KyiChangeFeedElement,
  events: {
    onKyiChanges: 'kyi-changes' as EventName<KyiChangesEvent>,
    onKyiError: 'kyi-error' as EventName<KyiErrorEvent>,
  },
});

/** `<kyi-notifications>` as a React component: Monitoring notifications by kind group, with the unread count and polling. */
export const KyiNotifications = createComponent({
  react: React,
  tagName: 'kyi-notifications',
  elementClass: KyiNotificationsElement,
  events: {
    onKyiNotifications: 'kyi-notifications' as EventName<KyiNotificationsEvent>,
    onKyiError: 'kyi-error' as EventName<KyiErrorEvent>,
  },
});
