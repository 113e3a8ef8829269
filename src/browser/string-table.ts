/**
 * The table of every visible string of the kit, written out: a section per element, each key
 * with its English text. A locale module (`kyi-elements/locales/fr`) fills all of it;
 * `registerLocale` and `configure({ strings })` take any part of it. Types only.
 *
 * Adding a key: add it here, to the English part that ships it (see strings.ts) and to every
 * locale in src/locales; test/types/string-table.ts fails until the English parts and this
 * table name the same keys.
 */

/** Every string of the kit by section and key; each comment is the English text (`{name}` is a placeholder). */
export interface StringTable {
  common: {
    /** (opens in a new tab) */
    opensInNewTab: string;
    /** Retry */
    retry: string;
    /** Could not reach the verification service. */
    'error.network': string;
    /** The verification service had a problem. */
    'error.server': string;
    /** The verification service is unavailable right now. */
    'error.unavailable': string;
    /** Too many requests. Please wait a moment and retry. */
    'error.rateLimited': string;
    /** Verification is not configured on this site. */
    'error.notConfigured': string;
    /** This site could not authenticate with the verification service. */
    'error.unauthorized': string;
    /** The verification service sent an unexpected answer. */
    'error.invalidResponse': string;
    /** Something went wrong. */
    'error.generic': string;
    /** The request was too large for this site to send. */
    'error.payloadTooLarge': string;
    /** This element is set up to use a server this site does not trust, so it shows nothing. */
    'error.untrustedProxy': string;
    /** Please sign in and try again. */
    'error.sessionRequired': string;
    /** You don’t have access to this on this site. */
    'error.forbidden': string;
    /** This site’s server refused the request from this page’s address. */
    'error.originNotAllowed': string;
    /** This element is not set up correctly. {message} */
    'error.invalidAttribute': string;
    /** Copy */
    copy: string;
    /** Copied */
    copied: string;
    /** Could not copy */
    copyFailed: string;
    /** Verification could not be started. Please try again. */
    'error.signingFailed': string;
    /** The verification widget reported an error: {message} */
    'error.widget': string;
    /** The verification widget did not load. Please try again later. */
    'error.widgetTimeout': string;
  };
  badge: {
    /** KYI verified */
    'credential.kyi_verified': string;
    /** Proof of collateral */
    'credential.proof_of_collateral': string;
    /** {credential} badge (static claim) */
    claim: string;
  };
  tokenStatus: {
    /** Checking verification… */
    loading: string;
    /** KYI verified */
    verified: string;
    /** KYI verified on {verified} of {total} chains */
    verifiedSome: string;
    /** {status} (live check) */
    liveCheck: string;
    /** {token}: {status} */
    changed: string;
    /** Not verified */
    unverified: string;
    /** Unknown token */
    notFound: string;
    /** No verification record exists for this token. */
    notFoundDetail: string;
    /** Invalid token identifier */
    invalid: string;
    /** This token can’t be checked: the page doesn’t identify it correctly. */
    invalidHelp: string;
    /** Verification check failed */
    error: string;
    /** Verified on {chains} */
    verifiedOn: string;
    /** Not verified on {chains} */
    notVerifiedOn: string;
    /** Issuer: {name} */
    issuer: string;
    /** Business verified */
    businessVerified: string;
    /** Business not verified */
    businessNotVerified: string;
    /** ,  */
    listSeparator: string;
    /** Provide caip19, or address with optional chain-slug. */
    'invalid.missing': string;
    /** Use either caip19, or address with optional chain-slug, not both. */
    'invalid.mixed': string;
    /** chain-slug requires address. */
    'invalid.chainWithoutAddress': string;
    /** caip19 must be a valid CAIP-19 identifier. */
    'invalid.caip19': string;
    /** address must be a token address. */
    'invalid.address': string;
    /** chain-slug must be a chain slug such as ethereum. */
    'invalid.chain': string;
  };
  assetCard: {
    /** Loading asset… */
    loading: string;
    /** Not verified on this chain */
    notFound: string;
    /** No verified asset record exists for this address on {chain}. It may be verified on another chain. */
    notFoundDetail: string;
    /** Invalid asset identifier */
    invalid: string;
    /** This asset can’t be shown: the page doesn’t identify it correctly. */
    invalidHelp: string;
    /** Could not load this asset */
    error: string;
    /** Unnamed token */
    untitled: string;
    /**  */
    imageAlt: string;
    /** Chain */
    chain: string;
    /** Ticker */
    ticker: string;
    /** Issuer */
    issuer: string;
    /** Issuer not disclosed */
    unknownIssuer: string;
    /** Business verified */
    businessVerified: string;
    /** Business not verified */
    businessNotVerified: string;
    /** Description */
    description: string;
    /** Links */
    links: string;
    /** Website */
    website: string;
    /** Whitepaper */
    whitepaper: string;
    /** View verified page */
    verifiedPage: string;
    /** Authorities */
    authorities: string;
    /** No authorities listed. */
    noAuthorities: string;
    /** Verified */
    authorityVerified: string;
    /** Not verified */
    authorityNotVerified: string;
    /** Account type */
    accountType: string;
    /** Regular account */
    'accountType.regular': string;
    /** Multisig */
    'accountType.multisig': string;
    /** Signers ({count}) */
    signers: string;
    /** Copy address {address} */
    copyAddress: string;
    /** Attestation address */
    attestation: string;
    /** Mint authority */
    'authorityType.mint_authority': string;
    /** Freeze authority */
    'authorityType.freeze_authority': string;
    /** Update authority */
    'authorityType.update_authority': string;
    /** Upgrade authority */
    'authorityType.upgrade_authority': string;
    /** Creator */
    'authorityType.creator': string;
    /** Owner */
    'authorityType.owner': string;
    /** Authority */
    authorityUnknown: string;
    /** Show more */
    showMore: string;
    /** Show less */
    showLess: string;
    /** Show all {count} authorities */
    showAllAuthorities: string;
    /** Verified asset */
    verifiedAsset: string;
    /** Asset verified */
    assetVerified: string;
    /** Provide account-id (CAIP-10), or chain and address. */
    'invalid.missing': string;
    /** Use either account-id, or chain and address, not both. */
    'invalid.mixed': string;
    /** account-id must be a valid CAIP-10 account ID. */
    'invalid.accountId': string;
    /** chain must be a chain name such as solana or ethereum. */
    'invalid.chain': string;
    /** address must be an account address. */
    'invalid.address': string;
  };
  verifyButton: {
    /** Verify with KYI */
    label: string;
    /** Opening verification… */
    opening: string;
    /** Verification couldn’t start */
    errorTitle: string;
    /** KYI verification */
    drawerTitle: string;
    /** Close verification */
    close: string;
    /** Loading verification… */
    loading: string;
    /** KYI verification widget */
    frameTitle: string;
  };
  monitoring: {
    /** Showing {shown} of {total} */
    shown: string;
    /** Show {count} more */
    showMore: string;
  };
  watchlist: {
    /** Watchlist */
    title: string;
    /** {used} of {limit} used */
    usage: string;
    /** {used} watched */
    usageNoLimit: string;
    /** Loading the watchlist… */
    loading: string;
    /** Sign in to see your watchlist. */
    signIn: string;
    /** You don’t have access to the watchlist on this site. */
    denied: string;
    /** No assets are watched yet. */
    empty: string;
    /** Changes to the watchlist are turned off on this site. */
    readOnly: string;
    /** Watched since {date} */
    addedAt: string;
    /** Ready */
    'state.ready': string;
    /** Gathering data */
    'state.gathering': string;
    /** Gathering data: {status} */
    'state.gatheringStatus': string;
    /** Unresolved */
    'state.unresolved': string;
    /** Unresolved: {reason} */
    'state.unresolvedReason': string;
    /** Other state: {state} */
    'state.other': string;
    /** Monitoring on */
    'monitoring.on': string;
    /** Monitoring paused */
    'monitoring.off': string;
    /** Monitoring */
    'monitoring.label': string;
    /** for {name} */
    'monitoring.for': string;
    /** on */
    'monitoring.stateOn': string;
    /** paused */
    'monitoring.stateOff': string;
    /** Note: */
    'note.heading': string;
    /** No note */
    'note.none': string;
    /** Edit note */
    'note.edit': string;
    /** Edit note for {name} */
    'note.editLabel': string;
    /** Note for {name} */
    'note.label': string;
    /** {count} / {max} characters */
    'note.counter': string;
    /** {over} too many */
    'note.tooLong': string;
    /** Leave empty to clear the note. */
    'note.emptyClears': string;
    /** Save note */
    'note.save': string;
    /** Cancel */
    'note.cancel': string;
    /** Remove */
    remove: string;
    /** Remove {name} */
    removeLabel: string;
    /** {name} was removed from the watchlist. */
    removed: string;
    /** Removed {name}. */
    removedPending: string;
    /** Undo */
    undo: string;
    /** Undo removing {name} */
    undoLabel: string;
    /** {name} was added to the watchlist. */
    added: string;
    /** Add an asset by its registry id */
    'add.label': string;
    /** Add */
    'add.button': string;
    /** Could not load the watchlist */
    'error.load': string;
    /** Enter the asset’s registry id: a UUID such as 3f6c1b9e-8d2a-4c1e-9b7a-2e5d4c3b2a10. */
    'error.assetId': string;
    /** The watchlist is full ({limit} assets, unresolved ones included). Remove an asset before adding another. */
    'error.full': string;
    /** No asset with this id is in the public registry (or it is outside this site’s access). Check the id. */
    'error.assetNotFound': string;
    /** This asset is no longer on the watchlist (it was probably removed elsewhere). The list has been refreshed. */
    'error.itemGone': string;
    /** Changes to the watchlist are turned off on this site. */
    'error.writesDisabled': string;
    /** You are not allowed to change the watchlist. */
    'error.forbidden': string;
  };
  changeFeed: {
    /** Disclosure changes */
    title: string;
    /** {count} changes */
    count: string;
    /** Loading changes… */
    loading: string;
    /** Sign in to see the changes to your watched assets. */
    signIn: string;
    /** You don’t have access to disclosure changes on this site. */
    denied: string;
    /** No changes in this window. */
    empty: string;
    /** No new changes since the last look. */
    emptyNew: string;
    /** Filters */
    filters: string;
    /** ({count} on) */
    filtersActive: string;
    /** Materiality */
    'filter.materiality': string;
    /** All */
    'filter.all': string;
    /** Order */
    'filter.sort': string;
    /** Days */
    'filter.days': string;
    /** New only */
    'filter.newOnly': string;
    /** Show low-signal revisions */
    'filter.showAll': string;
    /** Watched assets (up to {max}) */
    'filter.items': string;
    /** Material */
    'materiality.material': string;
    /** Clarification */
    'materiality.clarification': string;
    /** Editorial */
    'materiality.editorial': string;
    /** Other */
    'materiality.other': string;
    /** Most recent */
    'sort.recent': string;
    /** Highest impact */
    'sort.impact': string;
    /** Weakens */
    'direction.weakens': string;
    /** Mixed */
    'direction.mixed': string;
    /** Strengthens */
    'direction.strengthens': string;
    /** Neutral */
    'direction.neutral': string;
    /** Not assessed */
    'direction.unassessed': string;
    /** Other */
    'direction.other': string;
    /** New */
    new: string;
    /** Provisional */
    provisional: string;
    /** Not confirmed yet: a draft or candidate change, never notified. */
    provisionalHint: string;
    /** Low signal */
    lowSignal: string;
    /** Change */
    untitled: string;
    /** Why it matters: */
    why: string;
    /** Before */
    before: string;
    /** After */
    after: string;
    /** becomes */
    becomes: string;
    /** (empty) */
    emptyValue: string;
    /** Source */
    'link.source': string;
    /** Previous source */
    'link.priorSource': string;
    /** Details */
    'link.details': string;
    /** Only the first {max} changes are shown. */
    'truncated.title': string;
    /** This window holds more: narrow it with fewer days, a materiality or specific watched assets. */
    'truncated.body': string;
    /** These filters were refused */
    'error.filter': string;
    /** Could not load changes */
    'error.load': string;
  };
  notifications: {
    /** Notifications */
    title: string;
    /** {count} unread */
    unread: string;
    /** Unread */
    unreadTag: string;
    /** Loading notifications… */
    loading: string;
    /** Sign in to see your notifications. */
    signIn: string;
    /** You don’t have access to notifications on this site. */
    denied: string;
    /** No notifications. */
    empty: string;
    /** No unread notifications. */
    emptyUnread: string;
    /** Impact: */
    impact: string;
    /** Open */
    open: string;
    /** View change */
    viewChange: string;
    /** Notifications are marked as read in the monitoring service’s own interface, not here. */
    readNote: string;
    /** Open the monitoring service */
    readLink: string;
    /** Could not load notifications */
    'error.load': string;
    /** Intake */
    'group.intake': string;
    /** Change notices */
    'group.change_notices': string;
    /** Obligation alerts */
    'group.obligation_alerts': string;
    /** Other */
    'group.other': string;
    /** {shown} of {total} */
    groupPartial: string;
    /** Intake ready */
    'kind.intake_ready': string;
    /** Intake partial */
    'kind.intake_partial': string;
    /** Intake unresolved */
    'kind.intake_unresolved': string;
    /** Disclosure change */
    'kind.disclosure_change': string;
    /** Register change */
    'kind.register_change': string;
    /** Party change */
    'kind.party_edge_change': string;
    /** Tokenomics change */
    'kind.tokenomics_change': string;
    /** Tokenomics disagreement */
    'kind.tokenomics_disagreement': string;
    /** Obligation verdict change */
    'kind.obligation_verdict_change': string;
    /** Obligation not evidenced */
    'kind.obligation_not_evidenced': string;
    /** Obligation regime added */
    'kind.obligation_regime_added': string;
  };
}

/** Any subset of a table: what `registerLocale` and `configure({ strings })` take per locale. */
export type PartialStringTable = { [S in keyof StringTable]?: { [K in keyof StringTable[S]]?: string } };
/** Every key of the table, `section.key`. */
export type StringKey = { [S in keyof StringTable]: `${S & string}.${keyof StringTable[S] & string}` }[keyof StringTable];
/** `configure({ strings })` shape: per locale, flat keys (`'section.key'`) or sections. */
export type StringOverrides = Record<string, Partial<Record<StringKey, string>> | PartialStringTable>;
