/**
 * Monitoring changes (spec 2.5, 4.2 `GET /me/monitoring/changes`): building change rows with
 * their `explanation` and `impactAssessment`, and answering the feed's filters.
 */
import {
  LIMITS,
  impactRank,
  type Change,
  type ChangesEnvelope,
  type Direction,
  type MonitoringChangesQuery,
} from '../../contract/index.js';
import { CHANGE_CATEGORIES, EXPLORER_WEB_ORIGIN, type ChangeTemplate } from './data.js';
import { DAY, MINUTE, Random, insertNewestFirst, iso } from './random.js';
import type { WatchEntry } from './watchlist.js';

/** A stored change: the wire body (its `isNew` is computed per read), plus what the filters need. */
export interface ChangeRecord {
  at: number;
  itemId: string;
  assetId: string;
  template: ChangeTemplate;
  body: Change & { id: string; confirmed: boolean; lowSignal: boolean; direction: Direction; impact: string };
}

export interface BuildChangeOptions {
  /** `false` makes a draft/candidate row (4.2 rule 2). Low-signal templates are always confirmed. */
  confirmed?: boolean;
}

/** How the sandbox labels a change: derived from its template and whether it is confirmed. */
interface ChangeVerdict {
  confirmed: boolean;
  lowSignal: boolean;
  direction: Direction;
  disposition: 'held' | 'shown' | 'provisional';
  status: 'not_comparable' | 'provisional' | 'pending' | 'assessed';
}

function verdictOf(template: ChangeTemplate, opts: BuildChangeOptions): ChangeVerdict {
  const lowSignal = template.lowSignal === true;
  const confirmed = lowSignal ? true : opts.confirmed !== false;
  const direction = lowSignal ? 'unassessed' : template.direction;
  const disposition = lowSignal ? 'held' : confirmed ? 'shown' : 'provisional';
  const status = lowSignal ? 'not_comparable' : !confirmed ? 'provisional' : direction === 'unassessed' ? 'pending' : 'assessed';
  return { confirmed, lowSignal, direction, disposition, status };
}

/** The quoted source lines of a template's value after and before the change. */
function quotesOf(template: ChangeTemplate): { quote: string | null; priorQuote: string | null } {
  return {
    quote: template.after === null ? null : `“${template.field.label}: ${template.after}.”`,
    priorQuote: template.before === null ? null : `“${template.field.label}: ${template.before}.”`,
  };
}

function explanationOf(template: ChangeTemplate, confirmed: boolean): Change['explanation'] {
  return {
    kind: template.changeKind,
    headline: template.headline,
    what: template.title,
    whatDetail: template.before === null
      ? `${template.field.label} is now “${template.after ?? 'a new version'}”.`
      : `${template.field.label} changed from “${template.before}” to “${template.after ?? 'an uncomparable version'}”.`,
    field: { ...template.field },
    previous: { label: 'Before', value: template.before, note: template.before === null ? 'Not disclosed before' : null },
    current: { label: 'Now', value: template.after, note: confirmed ? null : 'Provisional: not yet confirmed' },
    whyItMatters: template.whyItMatters,
    impact: template.impact,
  };
}

/** The row's impact assessment. Draws from `rng` in a fixed order (seeded data stays the same). */
function impactAssessmentOf(rng: Random, template: ChangeTemplate, verdict: ChangeVerdict, at: number): Change['impactAssessment'] {
  const { direction, status, disposition, confirmed } = verdict;
  const { quote, priorQuote } = quotesOf(template);
  const unassessed = direction === 'unassessed';
  return {
    id: rng.uuid(),
    direction,
    status,
    disposition,
    dimensions: template.dimensions.map((d) => ({ ...d })),
    reason: template.whyItMatters,
    whatThisMeansForHolders: template.holders,
    method: unassessed ? 'fallback' : 'deterministic',
    confidence: unassessed ? 0 : Math.round((0.7 + rng.next() * 0.29) * 100) / 100,
    isFallback: unassessed,
    retryRequired: !confirmed || status === 'pending',
    rulesVersion: 'impact-v1',
    evidence: {
      old: { quote: priorQuote, artifactId: `art_${rng.hex(12)}`, observationSha256: rng.hex(64) },
      new: { quote, artifactId: `art_${rng.hex(12)}`, observationSha256: rng.hex(64) },
    },
    inputFingerprint: `sha256:${rng.hex(64)}`,
    groupId: rng.uuid(),
    childEventIds: [`evt_${rng.hex(16)}`, `evt_${rng.hex(16)}`],
    assessedAt: iso(at + 2 * MINUTE),
  };
}

/** Builds one change row of `template` for watchlist entry `entry`, detected at `at`. */
export function buildChange(
  rng: Random,
  template: ChangeTemplate,
  entry: WatchEntry,
  at: number,
  opts: BuildChangeOptions = {},
): ChangeRecord {
  const verdict = verdictOf(template, opts);
  const id = `chg_${rng.hex(20)}`;
  const asset = entry.asset;
  const sourceUrl = `${asset.issuerSite}/${template.document}`;
  const priorSourceUrl = template.before === null && !verdict.lowSignal ? null : `${sourceUrl}?rev=${rng.int(100, 999)}`;
  const sourceHash = `sha256:${rng.hex(64)}`;
  return {
    at,
    itemId: entry.id,
    assetId: asset.summary.id,
    template,
    body: {
      id,
      category: template.category,
      watchlistItemId: entry.id,
      asset: { ...asset.summary },
      detectedAt: iso(at),
      title: template.title,
      detail: `${asset.summary.name} (${asset.summary.symbol}): ${template.headline}.`,
      materiality: template.category === 'disclosure_field' ? template.materiality : null,
      sourceUrl,
      href: `${EXPLORER_WEB_ORIGIN}/assets/${asset.summary.id}/changes/${id}`,
      isNew: false,
      fieldGroup: template.fieldGroup,
      changeKind: template.changeKind,
      before: template.before,
      after: template.after,
      ...quotesOf(template),
      sourceHash,
      priorSourceUrl,
      confirmed: verdict.confirmed,
      lowSignal: verdict.lowSignal,
      impact: template.impact,
      explanation: explanationOf(template, verdict.confirmed),
      direction: verdict.direction,
      disposition: verdict.disposition,
      impactAssessment: impactAssessmentOf(rng, template, verdict, at),
    },
  };
}

/** The change log of the watchlist, newest first. */
export class ChangeLog {
  readonly records: ChangeRecord[] = [];

  add(record: ChangeRecord): void {
    insertNewestFirst(this.records, record, (r) => r.at);
  }
}

export interface ChangesRead {
  now: number;
  /** The seen marker before this read. */
  seenAt: number;
  /** Ids of the watchlist items visible to the caller (removed items' history is not listed). */
  itemIds: ReadonlySet<string>;
  query: MonitoringChangesQuery;
}

export type ChangesResult =
  | { ok: true; body: ChangesEnvelope; advanceSeenAt: boolean }
  | { ok: false; param: string; message: string };

/** Longest `days` window the sandbox answers (the live service's maximum is not shown). */
export const SANDBOX_DAYS_MAX = 365;

/** A row is new when it is confirmed, not low-signal and detected after the seen marker (4.2). */
export function isNewChange(r: ChangeRecord, seenAt: number): boolean {
  return r.body.confirmed && !r.body.lowSignal && r.at > seenAt;
}

/**
 * Answers `GET /me/monitoring/changes` (4.2 rules 1–5): the rolling `days` window (default 90),
 * low-signal rows only with `showAll`, `materiality` (disclosure-field rows), `category` (a known
 * category, else 400), `item`, `newOnly` against the seen marker, `sort=recent|impact`, at most
 * 200 rows with `truncated`. A `newOnly` read that is not truncated advances the marker.
 */
export function readChanges(log: ChangeLog, read: ChangesRead): ChangesResult {
  const { query, now, seenAt } = read;
  if (query.category !== undefined && !(CHANGE_CATEGORIES as readonly string[]).includes(query.category)) {
    return { ok: false, param: 'category', message: `unknown category ${query.category}; allowed: ${CHANGE_CATEGORIES.join(', ')}` };
  }
  // The contract shows no maximum; the sandbox keeps one so clients see the service answer for it.
  if (query.days !== undefined && query.days > SANDBOX_DAYS_MAX) {
    return { ok: false, param: 'days', message: `days must be at most ${SANDBOX_DAYS_MAX}` };
  }
  const days = query.days ?? LIMITS.monitoringDefaultDays;
  const since = now - days * DAY;
  const items = query.item ? new Set(query.item) : null;
  let rows = log.records.filter(
    (r) =>
      r.at > since &&
      r.at <= now &&
      read.itemIds.has(r.itemId) &&
      (query.showAll === true || !r.body.lowSignal) &&
      (query.materiality === undefined || (r.body.category === 'disclosure_field' && r.body.materiality === query.materiality)) &&
      (query.category === undefined || r.body.category === query.category) &&
      (items === null || items.has(r.itemId)) &&
      (query.newOnly !== true || isNewChange(r, seenAt)),
  );
  if (query.sort === 'impact') {
    rows = [...rows].sort((a, b) => impactRank(a.body.direction) - impactRank(b.body.direction) || b.at - a.at);
  }
  const truncated = rows.length > LIMITS.changesPerResponse;
  return {
    ok: true,
    advanceSeenAt: query.newOnly === true && !truncated,
    body: {
      items: rows.slice(0, LIMITS.changesPerResponse).map((r) => ({ ...r.body, isNew: isNewChange(r, seenAt) })),
      since: iso(since),
      seenAt: iso(seenAt),
      truncated,
    },
  };
}
