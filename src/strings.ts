/**
 * Every visible string of the kit, in one table with a section per element.
 *
 * - `t('tokenStatus.verified')` looks a key up; `{name}` placeholders are filled from `params`.
 * - `configure({ strings: { en: { 'tokenStatus.verified': 'Checked' }, de: { … } } })`
 *   replaces any string or adds a whole locale.
 * - The language comes from the element: the closest `lang` attribute (crossing shadow
 *   roots) below `<html>`, else `configure({ locale })`, else `<html lang>`, else `en`.
 *   `fr-CA` falls back to `fr`, then to `en`.
 *
 * Adding a key: add it to `en` AND to every other locale (the types insist), in your
 * element's section. Keys are `section.key`; a key may itself contain dots.
 */
import { getConfig } from './config.js';

const en = {
  common: {
    loading: 'Loading…',
    retry: 'Retry',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy',
    opensInNewTab: '(opens in a new tab)',
    'error.network': 'Could not reach the verification service.',
    'error.server': 'The verification service had a problem.',
    'error.unavailable': 'The verification service is unavailable right now.',
    'error.rateLimited': 'Too many requests. Please wait a moment and retry.',
    'error.notConfigured': 'Verification is not configured on this site.',
    'error.unauthorized': 'This site could not authenticate with the verification service.',
    'error.invalidResponse': 'The verification service sent an unexpected answer.',
    'error.generic': 'Something went wrong.',
  },
  badge: {
    'credential.kyi_verified': 'KYI verified',
    'credential.proof_of_collateral': 'Proof of collateral',
  },
  tokenStatus: {
    loading: 'Checking verification…',
    verified: 'KYI verified',
    unverified: 'Not verified',
    notFound: 'Unknown token',
    notFoundDetail: 'No verification record exists for this token.',
    invalid: 'Invalid token identifier',
    'invalid.missing': 'Provide caip19, or address with optional chain-slug.',
    'invalid.mixed': 'Use either caip19, or address with optional chain-slug, not both.',
    'invalid.chainWithoutAddress': 'chain-slug requires address.',
    'invalid.caip19': 'caip19 must be a valid CAIP-19 identifier.',
    'invalid.address': 'address must be a token address.',
    'invalid.chain': 'chain-slug must be a chain slug such as ethereum.',
    error: 'Verification check failed',
    verifiedOn: 'Verified on {chains}',
    notVerifiedOn: 'Not verified on {chains}',
    verifiedCount: 'Verified on {verified} of {total} chains',
    issuer: 'Issuer: {name}',
    issuerVerified: 'Issuer: {name} (business verified)',
    statusLabel: 'KYI verification: {status}',
    listSeparator: ', ',
  },
  assetCard: {
    loading: 'Loading asset…',
    notFound: 'Not verified on this chain',
    notFoundDetail:
      'No verified asset record exists for this address on {chain}. It may be verified on another chain.',
    invalid: 'Invalid asset identifier',
    'invalid.missing': 'Provide account-id (CAIP-10), or chain and address.',
    'invalid.mixed': 'Use either account-id, or chain and address, not both.',
    'invalid.accountId': 'account-id must be a valid CAIP-10 account ID.',
    'invalid.chain': 'chain must be a chain name such as solana or ethereum.',
    'invalid.address': 'address must be an account address.',
    error: 'Could not load this asset',
    untitled: 'Unnamed token',
    imageAlt: '',
    chain: 'Chain',
    ticker: 'Ticker',
    issuer: 'Issuer',
    unknownIssuer: 'Issuer not disclosed',
    businessVerified: 'Business verified',
    businessNotVerified: 'Business not verified',
    description: 'Description',
    links: 'Links',
    website: 'Website',
    whitepaper: 'Whitepaper',
    verifiedPage: 'View verified page',
    authorities: 'Authorities',
    noAuthorities: 'No authorities listed.',
    authorityVerified: 'Verified',
    authorityNotVerified: 'Not verified',
    accountType: 'Account type',
    'accountType.regular': 'Regular account',
    'accountType.multisig': 'Multisig',
    signers: 'Signers ({count})',
    address: 'Address',
    copyAddress: 'Copy address {address}',
    attestation: 'Attestation address',
    'authorityType.mint_authority': 'Mint authority',
    'authorityType.freeze_authority': 'Freeze authority',
    'authorityType.update_authority': 'Update authority',
    'authorityType.upgrade_authority': 'Upgrade authority',
    'authorityType.creator': 'Creator',
    'authorityType.owner': 'Owner',
    authorityUnknown: 'Authority',
    showMore: 'Show more',
    showLess: 'Show less',
    showAllAuthorities: 'Show all {count} authorities',
    verifiedAsset: 'Verified asset',
  },
  // Sections owned by other elements (HELPER-E: verifyButton; HELPER-F: monitoring).
  verifyButton: {
    label: 'Verify with KYI',
    opening: 'Opening verification…',
    drawerTitle: 'KYI verification',
    close: 'Close verification',
    loading: 'Loading verification…',
    frameTitle: 'KYI verification widget',
    'error.session_required': 'Please sign in to start verification.',
    'error.forbidden': 'You are not allowed to start verification here.',
    'error.not_configured': 'Verification is not configured on this site.',
    'error.signing_failed': 'Verification could not be started. Please try again.',
    'error.network': 'Could not reach the server. Check your connection and try again.',
    'error.widget_error': 'The verification widget reported an error: {message}',
    'error.widget_timeout': 'The verification widget did not load in time. Please try again.',
  },
  watchlist: {
    title: 'Watchlist',
    usage: '{used} of {limit} used',
    usageNoLimit: '{used} watched',
    loading: 'Loading the watchlist…',
    empty: 'No assets are watched yet.',
    readOnly: 'Changes to the watchlist are turned off on this site.',
    addedAt: 'Watched since {date}',
    'state.ready': 'Ready',
    'state.gathering': 'Gathering data',
    'state.gatheringStatus': 'Gathering data: {status}',
    'state.unresolved': 'Unresolved',
    'state.unresolvedReason': 'Unresolved: {reason}',
    'monitoring.on': 'Monitoring on',
    'monitoring.off': 'Monitoring paused',
    'monitoring.pause': 'Pause monitoring',
    'monitoring.resume': 'Resume monitoring',
    'monitoring.pauseLabel': 'Pause monitoring of {name}',
    'monitoring.resumeLabel': 'Resume monitoring of {name}',
    'note.heading': 'Note:',
    'note.none': 'No note',
    'note.edit': 'Edit note',
    'note.editLabel': 'Edit note for {name}',
    'note.label': 'Note for {name}',
    'note.counter': '{count} / {max} characters',
    'note.tooLong': '{over} too many',
    'note.emptyClears': 'Leave empty to clear the note.',
    'note.save': 'Save note',
    'note.cancel': 'Cancel',
    remove: 'Remove',
    removeLabel: 'Remove {name}',
    removed: '{name} was removed from the watchlist.',
    added: '{name} was added to the watchlist.',
    'add.label': 'Add an asset by its registry id',
    'add.button': 'Add',
    'error.load': 'Could not load the watchlist',
    'error.assetId': 'Enter the asset’s registry id: a UUID such as 3f6c1b9e-8d2a-4c1e-9b7a-2e5d4c3b2a10.',
    'error.full': 'The watchlist is full ({limit} assets, unresolved ones included). Remove an asset before adding another.',
    'error.assetNotFound': 'No asset with this id is in the public registry (or it is outside this site’s access). Check the id.',
    'error.itemGone': 'This asset is no longer on the watchlist (it was probably removed elsewhere). The list has been refreshed.',
    'error.writesDisabled': 'Changes to the watchlist are turned off on this site.',
    'error.forbidden': 'You are not allowed to change the watchlist.',
  },
  changeFeed: {
    title: 'Disclosure changes',
    count: '{count} shown',
    loading: 'Loading changes…',
    empty: 'No changes in this window.',
    emptyNew: 'No new changes since the last look.',
    'filter.materiality': 'Materiality',
    'filter.all': 'All',
    'filter.sort': 'Order',
    'filter.days': 'Days',
    'filter.newOnly': 'New only',
    'filter.showAll': 'Show low-signal revisions',
    'filter.items': 'Watched assets (up to {max})',
    'materiality.material': 'Material',
    'materiality.clarification': 'Clarification',
    'materiality.editorial': 'Editorial',
    'sort.recent': 'Most recent',
    'sort.impact': 'Highest impact',
    'direction.weakens': 'Weakens',
    'direction.mixed': 'Mixed',
    'direction.strengthens': 'Strengthens',
    'direction.neutral': 'Neutral',
    'direction.unassessed': 'Not assessed',
    new: 'New',
    provisional: 'Provisional',
    provisionalHint: 'Not confirmed yet: a draft or candidate change, never notified.',
    lowSignal: 'Low signal',
    untitled: 'Change',
    why: 'Why it matters:',
    before: 'Before',
    after: 'After',
    becomes: 'becomes',
    emptyValue: '(empty)',
    'link.source': 'Source',
    'link.priorSource': 'Previous source',
    'link.details': 'Details',
    'truncated.title': 'Only the first {max} changes are shown.',
    'truncated.body': 'This window holds more: narrow it with fewer days, a materiality or specific watched assets.',
    'error.filter': 'These filters were refused',
    'error.load': 'Could not load changes',
  },
  notifications: {
    title: 'Notifications',
    unread: '{count} unread',
    unreadTag: 'Unread',
    loading: 'Loading notifications…',
    empty: 'No notifications.',
    emptyUnread: 'No unread notifications.',
    impact: 'Impact:',
    open: 'Open',
    viewChange: 'View change',
    readNote: 'Notifications are marked as read in the monitoring service’s own interface, not here.',
    readLink: 'Open the monitoring service',
    'error.load': 'Could not load notifications',
    'group.intake': 'Intake',
    'group.change_notices': 'Change notices',
    'group.obligation_alerts': 'Obligation alerts',
    'group.other': 'Other',
    'kind.intake_ready': 'Intake ready',
    'kind.intake_partial': 'Intake partial',
    'kind.intake_unresolved': 'Intake unresolved',
    'kind.disclosure_change': 'Disclosure change',
    'kind.register_change': 'Register change',
    'kind.party_edge_change': 'Party change',
    'kind.tokenomics_change': 'Tokenomics change',
    'kind.tokenomics_disagreement': 'Tokenomics disagreement',
    'kind.obligation_verdict_change': 'Obligation verdict change',
    'kind.obligation_not_evidenced': 'Obligation not evidenced',
    'kind.obligation_regime_added': 'Obligation regime added',
  },
} as const;

type En = typeof en;
/** A table with the same sections and keys as `en`, every value a string. */
export type StringTable = { [S in keyof En]: { [K in keyof En[S]]: string } };
/** Every key of the table, `section.key`. */
export type StringKey = { [S in keyof En]: `${S & string}.${keyof En[S] & string}` }[keyof En];
/** `configure({ strings })` shape: per locale, any subset of keys. */
export type StringOverrides = Record<string, Partial<Record<StringKey, string>>>;
export type StringParams = Record<string, string | number>;

const fr: StringTable = {
  common: {
    loading: 'Chargement…',
    retry: 'Réessayer',
    copy: 'Copier',
    copied: 'Copié',
    copyFailed: 'Copie impossible',
    opensInNewTab: '(s’ouvre dans un nouvel onglet)',
    'error.network': 'Impossible de joindre le service de vérification.',
    'error.server': 'Le service de vérification a rencontré un problème.',
    'error.unavailable': 'Le service de vérification est indisponible pour le moment.',
    'error.rateLimited': 'Trop de requêtes. Patientez un instant puis réessayez.',
    'error.notConfigured': 'La vérification n’est pas configurée sur ce site.',
    'error.unauthorized': 'Ce site n’a pas pu s’authentifier auprès du service de vérification.',
    'error.invalidResponse': 'Le service de vérification a envoyé une réponse inattendue.',
    'error.generic': 'Une erreur est survenue.',
  },
  badge: {
    'credential.kyi_verified': 'Vérifié KYI',
    'credential.proof_of_collateral': 'Preuve de collatéral',
  },
  tokenStatus: {
    loading: 'Vérification en cours…',
    verified: 'Vérifié KYI',
    unverified: 'Non vérifié',
    notFound: 'Jeton inconnu',
    notFoundDetail: 'Aucun enregistrement de vérification pour ce jeton.',
    invalid: 'Identifiant de jeton invalide',
    'invalid.missing': 'Indiquez caip19, ou address avec chain-slug facultatif.',
    'invalid.mixed': 'Utilisez soit caip19, soit address avec chain-slug facultatif, pas les deux.',
    'invalid.chainWithoutAddress': 'chain-slug nécessite address.',
    'invalid.caip19': 'caip19 doit être un identifiant CAIP-19 valide.',
    'invalid.address': 'address doit être une adresse de jeton.',
    'invalid.chain': 'chain-slug doit être un identifiant de chaîne comme ethereum.',
    error: 'Échec de la vérification',
    verifiedOn: 'Vérifié sur {chains}',
    notVerifiedOn: 'Non vérifié sur {chains}',
    verifiedCount: 'Vérifié sur {verified} chaînes sur {total}',
    issuer: 'Émetteur : {name}',
    issuerVerified: 'Émetteur : {name} (entreprise vérifiée)',
    statusLabel: 'Vérification KYI : {status}',
    listSeparator: ', ',
  },
  assetCard: {
    loading: 'Chargement de l’actif…',
    notFound: 'Non vérifié sur cette chaîne',
    notFoundDetail:
      'Aucun actif vérifié n’existe pour cette adresse sur {chain}. Il est peut-être vérifié sur une autre chaîne.',
    invalid: 'Identifiant d’actif invalide',
    'invalid.missing': 'Indiquez account-id (CAIP-10), ou chain et address.',
    'invalid.mixed': 'Utilisez soit account-id, soit chain et address, pas les deux.',
    'invalid.accountId': 'account-id doit être un identifiant de compte CAIP-10 valide.',
    'invalid.chain': 'chain doit être un nom de chaîne comme solana ou ethereum.',
    'invalid.address': 'address doit être une adresse de compte.',
    error: 'Impossible de charger cet actif',
    untitled: 'Jeton sans nom',
    imageAlt: '',
    chain: 'Chaîne',
    ticker: 'Symbole',
    issuer: 'Émetteur',
    unknownIssuer: 'Émetteur non communiqué',
    businessVerified: 'Entreprise vérifiée',
    businessNotVerified: 'Entreprise non vérifiée',
    description: 'Description',
    links: 'Liens',
    website: 'Site web',
    whitepaper: 'Livre blanc',
    verifiedPage: 'Voir la page vérifiée',
    authorities: 'Autorités',
    noAuthorities: 'Aucune autorité indiquée.',
    authorityVerified: 'Vérifiée',
    authorityNotVerified: 'Non vérifiée',
    accountType: 'Type de compte',
    'accountType.regular': 'Compte ordinaire',
    'accountType.multisig': 'Multisignature',
    signers: 'Signataires ({count})',
    address: 'Adresse',
    copyAddress: 'Copier l’adresse {address}',
    attestation: 'Adresse d’attestation',
    'authorityType.mint_authority': 'Autorité d’émission',
    'authorityType.freeze_authority': 'Autorité de gel',
    'authorityType.update_authority': 'Autorité de mise à jour',
    'authorityType.upgrade_authority': 'Autorité de mise à niveau',
    'authorityType.creator': 'Créateur',
    'authorityType.owner': 'Propriétaire',
    authorityUnknown: 'Autorité',
    showMore: 'Afficher plus',
    showLess: 'Afficher moins',
    showAllAuthorities: 'Afficher les {count} autorités',
    verifiedAsset: 'Actif vérifié',
  },
  verifyButton: {
    label: 'Vérifier avec KYI',
    opening: 'Ouverture de la vérification…',
    drawerTitle: 'Vérification KYI',
    close: 'Fermer la vérification',
    loading: 'Chargement de la vérification…',
    frameTitle: 'Module de vérification KYI',
    'error.session_required': 'Connectez-vous pour lancer la vérification.',
    'error.forbidden': 'Vous n’êtes pas autorisé à lancer la vérification ici.',
    'error.not_configured': 'La vérification n’est pas configurée sur ce site.',
    'error.signing_failed': 'Impossible de lancer la vérification. Veuillez réessayer.',
    'error.network': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    'error.widget_error': 'Le module de vérification a signalé une erreur : {message}',
    'error.widget_timeout': 'Le module de vérification ne s’est pas chargé à temps. Veuillez réessayer.',
  },
  watchlist: {
    title: 'Liste de suivi',
    usage: '{used} sur {limit} utilisés',
    usageNoLimit: '{used} suivis',
    loading: 'Chargement de la liste de suivi…',
    empty: 'Aucun actif n’est suivi pour le moment.',
    readOnly: 'Les modifications de la liste de suivi sont désactivées sur ce site.',
    addedAt: 'Suivi depuis le {date}',
    'state.ready': 'Prêt',
    'state.gathering': 'Collecte en cours',
    'state.gatheringStatus': 'Collecte en cours : {status}',
    'state.unresolved': 'Non résolu',
    'state.unresolvedReason': 'Non résolu : {reason}',
    'monitoring.on': 'Surveillance active',
    'monitoring.off': 'Surveillance en pause',
    'monitoring.pause': 'Suspendre la surveillance',
    'monitoring.resume': 'Reprendre la surveillance',
    'monitoring.pauseLabel': 'Suspendre la surveillance de {name}',
    'monitoring.resumeLabel': 'Reprendre la surveillance de {name}',
    'note.heading': 'Note :',
    'note.none': 'Aucune note',
    'note.edit': 'Modifier la note',
    'note.editLabel': 'Modifier la note de {name}',
    'note.label': 'Note pour {name}',
    'note.counter': '{count} / {max} caractères',
    'note.tooLong': '{over} de trop',
    'note.emptyClears': 'Laissez vide pour effacer la note.',
    'note.save': 'Enregistrer la note',
    'note.cancel': 'Annuler',
    remove: 'Retirer',
    removeLabel: 'Retirer {name}',
    removed: '{name} a été retiré de la liste de suivi.',
    added: '{name} a été ajouté à la liste de suivi.',
    'add.label': 'Ajouter un actif par son identifiant de registre',
    'add.button': 'Ajouter',
    'error.load': 'Impossible de charger la liste de suivi',
    'error.assetId': 'Saisissez l’identifiant de registre de l’actif : un UUID tel que 3f6c1b9e-8d2a-4c1e-9b7a-2e5d4c3b2a10.',
    'error.full': 'La liste de suivi est pleine ({limit} actifs, non résolus compris). Retirez un actif avant d’en ajouter un autre.',
    'error.assetNotFound': 'Aucun actif avec cet identifiant dans le registre public (ou il est hors de l’accès de ce site). Vérifiez l’identifiant.',
    'error.itemGone': 'Cet actif n’est plus dans la liste de suivi (probablement retiré ailleurs). La liste a été actualisée.',
    'error.writesDisabled': 'Les modifications de la liste de suivi sont désactivées sur ce site.',
    'error.forbidden': 'Vous n’êtes pas autorisé à modifier la liste de suivi.',
  },
  changeFeed: {
    title: 'Changements de publication',
    count: '{count} affichés',
    loading: 'Chargement des changements…',
    empty: 'Aucun changement sur cette période.',
    emptyNew: 'Aucun nouveau changement depuis la dernière consultation.',
    'filter.materiality': 'Importance',
    'filter.all': 'Toutes',
    'filter.sort': 'Ordre',
    'filter.days': 'Jours',
    'filter.newOnly': 'Nouveaux seulement',
    'filter.showAll': 'Afficher les révisions peu significatives',
    'filter.items': 'Actifs suivis (jusqu’à {max})',
    'materiality.material': 'Important',
    'materiality.clarification': 'Clarification',
    'materiality.editorial': 'Rédactionnel',
    'sort.recent': 'Plus récents',
    'sort.impact': 'Plus fort impact',
    'direction.weakens': 'Affaiblit',
    'direction.mixed': 'Mitigé',
    'direction.strengthens': 'Renforce',
    'direction.neutral': 'Neutre',
    'direction.unassessed': 'Non évalué',
    new: 'Nouveau',
    provisional: 'Provisoire',
    provisionalHint: 'Pas encore confirmé : brouillon ou candidat, jamais notifié.',
    lowSignal: 'Peu significatif',
    untitled: 'Changement',
    why: 'Pourquoi c’est important :',
    before: 'Avant',
    after: 'Après',
    becomes: 'devient',
    emptyValue: '(vide)',
    'link.source': 'Source',
    'link.priorSource': 'Source précédente',
    'link.details': 'Détails',
    'truncated.title': 'Seuls les {max} premiers changements sont affichés.',
    'truncated.body': 'Cette période en contient davantage : réduisez-la (moins de jours, une importance ou des actifs précis).',
    'error.filter': 'Ces filtres ont été refusés',
    'error.load': 'Impossible de charger les changements',
  },
  notifications: {
    title: 'Notifications',
    unread: '{count} non lues',
    unreadTag: 'Non lue',
    loading: 'Chargement des notifications…',
    empty: 'Aucune notification.',
    emptyUnread: 'Aucune notification non lue.',
    impact: 'Impact :',
    open: 'Ouvrir',
    viewChange: 'Voir le changement',
    readNote: 'Les notifications se marquent comme lues dans l’interface du service de surveillance, pas ici.',
    readLink: 'Ouvrir le service de surveillance',
    'error.load': 'Impossible de charger les notifications',
    'group.intake': 'Intégration',
    'group.change_notices': 'Avis de changement',
    'group.obligation_alerts': 'Alertes d’obligation',
    'group.other': 'Autres',
    'kind.intake_ready': 'Intégration terminée',
    'kind.intake_partial': 'Intégration partielle',
    'kind.intake_unresolved': 'Intégration non résolue',
    'kind.disclosure_change': 'Changement de publication',
    'kind.register_change': 'Changement de registre',
    'kind.party_edge_change': 'Changement de partie',
    'kind.tokenomics_change': 'Changement de tokenomics',
    'kind.tokenomics_disagreement': 'Désaccord de tokenomics',
    'kind.obligation_verdict_change': 'Changement de verdict d’obligation',
    'kind.obligation_not_evidenced': 'Obligation non démontrée',
    'kind.obligation_regime_added': 'Régime d’obligation ajouté',
  },
};

/** The built-in table, per locale. */
export const STRINGS: Readonly<Record<string, StringTable>> = { en, fr };
/** Locales with a built-in table. */
export const LOCALES = Object.keys(STRINGS);
export const DEFAULT_LOCALE = 'en';

function lookupIn(table: StringTable | undefined, key: string): string | undefined {
  if (!table) return undefined;
  const dot = key.indexOf('.');
  if (dot < 0) return undefined;
  const section = (table as Record<string, Record<string, string> | undefined>)[key.slice(0, dot)];
  const value = section?.[key.slice(dot + 1)];
  return typeof value === 'string' ? value : undefined;
}

/** `fr-CA` → [`fr-CA`, `fr`, `en`] (lower-cased region-insensitive match on the base). */
function candidates(lang: string | undefined): string[] {
  const out: string[] = [];
  const push = (l: string) => {
    if (l && !out.includes(l)) out.push(l);
  };
  if (lang) {
    push(lang);
    const lower = lang.toLowerCase();
    push(lower);
    push(lower.split(/[-_]/)[0] ?? '');
  }
  push(DEFAULT_LOCALE);
  return out;
}

function format(template: string, params?: StringParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : match,
  );
}

/** Looks a key up, or `undefined` when neither an override nor the table has it (dynamic keys). */
export function tMaybe(key: string, params?: StringParams, lang?: string): string | undefined {
  const overrides = getConfig().strings;
  for (const l of candidates(lang ?? getConfig().locale)) {
    const override = overrides[l]?.[key as StringKey];
    if (typeof override === 'string') return format(override, params);
    const builtIn = lookupIn(STRINGS[l], key);
    if (builtIn !== undefined) return format(builtIn, params);
  }
  return undefined;
}

/** The string for `key` in `lang` (see the module comment for fallbacks); the key itself if unknown. */
export function t(key: StringKey, params?: StringParams, lang?: string): string {
  return tMaybe(key, params, lang) ?? key;
}

/**
 * The language for an element: the closest `lang` attribute below `<html>` (crossing shadow
 * roots), else `configure({ locale })`, else `<html lang>`, else `en`.
 */
export function resolveLang(element?: Element | null): string {
  let node: Node | null | undefined = element;
  const root = typeof document === 'undefined' ? null : document.documentElement;
  while (node) {
    if (node === root) break;
    if (node.nodeType === 1) {
      const lang = (node as Element).getAttribute('lang');
      if (lang) return lang;
    }
    // A shadow root has no parentNode; continue from its host.
    node = node.parentNode ?? (node as Partial<ShadowRoot>).host ?? null;
  }
  const configured = getConfig().locale;
  if (configured) return configured;
  const docLang = root?.getAttribute('lang');
  return docLang || DEFAULT_LOCALE;
}
