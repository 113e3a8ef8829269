/**
 * The tokenomics feed (spec 2.7, 4.2, field notes): revisions in one global sequence,
 * service-issued cursors (`tfc1_…`) for `since`, page tokens (`tfp1_…`) for history backfill
 * bound to the filters they were issued with, `limit` 1–200 (default 50), and corrections
 * that repeat an `id` with a higher `revision`.
 */
import { LIMITS, type TokenomicsQuery, type TokenomicsRevision } from '../../contract/index.js';
import { TOKENOMICS_FIELDS, TOKENOMICS_SOURCES, type RegistryAsset } from './data.js';
import { DAY, MINUTE, Random, fnv1a, iso } from './random.js';

export interface RevisionBody extends TokenomicsRevision {
  id: string;
  revision: number;
  assetId: string;
  field: string;
  previous: string | null;
  current: string;
  publishedAt: string;
}

interface RevisionRecord {
  /** Position in the global feed, from 1. */
  seq: number;
  assetId: string;
  body: RevisionBody;
}

/** Input of `appendRevision`: all optional; `id` of an existing revision makes a correction of it. */
export interface RevisionInput {
  assetId?: string;
  id?: string;
  field?: string;
  current?: string | number;
  source?: (typeof TOKENOMICS_SOURCES)[number];
  disagreement?: boolean;
}

export interface FeedFilter {
  /** Per-asset route: only this asset's revisions. */
  assetId: string | null;
  /** The key's asset scope (`null`: every asset) and a stable name for it. */
  scope: ReadonlySet<string> | null;
  scopeName: string;
}

export type FeedResult =
  | { ok: true; body: { items: RevisionBody[]; nextCursor: string; hasMore: boolean; nextPage: string | null } }
  | { ok: false; code: 'invalid_cursor' | 'invalid_page' | 'invalid_parameter'; param: string; message: string };

const SECRET = 'kyi-sandbox-tokenomics';
const sum = (text: string) => fnv1a(`${SECRET}:${text}`).toString(36);

/** Revisions seeded into the feed (more than one 200-item page). */
export const SEED_REVISIONS = 260;

export class TokenomicsFeed {
  readonly #records: RevisionRecord[] = [];
  readonly #rng: Random;
  readonly #assets: Map<string, RegistryAsset>;

  constructor(rng: Random, registry: readonly RegistryAsset[]) {
    this.#rng = rng;
    this.#assets = new Map(registry.map((a) => [a.summary.id, a]));
  }

  /** Current head of the sequence (0 when empty). */
  get head(): number {
    return this.#records.length;
  }

  /** Every revision in feed order (for tests and the control route). */
  all(): RevisionBody[] {
    return this.#records.map((r) => r.body);
  }

  /** Seeds `count` revisions over the last 120 days for the first 24 registry assets; every 10th is a correction. */
  seed(registry: readonly RegistryAsset[], now: number, count = SEED_REVISIONS): void {
    const assets = registry.slice(0, 24);
    const start = now - 120 * DAY;
    const step = (120 * DAY - 10 * MINUTE) / count;
    for (let i = 0; i < count; i++) {
      const at = Math.floor(start + i * step + this.#rng.next() * step * 0.5);
      if (i % 10 === 9) {
        const target = this.#records[this.#records.length - 1 - this.#rng.int(2, 8)]!;
        this.append({ id: target.body.id }, at);
      } else {
        const asset = assets[(i * 7) % assets.length]!;
        this.append({ assetId: asset.summary.id, field: TOKENOMICS_FIELDS[i % TOKENOMICS_FIELDS.length]!.field }, at);
      }
    }
  }

  /**
   * Appends one revision at `now` and returns it. With the `id` of an earlier revision it is a
   * correction: same `id`, `revision` one higher, same asset and field. Throws a RangeError for
   * an unknown asset, id or field.
   */
  append(input: RevisionInput, now: number): RevisionBody {
    const rng = this.#rng;
    const prior = input.id ? this.#latest(input.id) : undefined;
    if (input.id && !prior) throw new RangeError(`no revision with id ${input.id}`);
    const assetId = prior?.assetId ?? input.assetId ?? [...this.#assets.keys()][rng.int(0, 23)]!;
    const asset = this.#assets.get(assetId);
    if (!asset) throw new RangeError(`asset ${assetId} is not in the registry`);
    const fieldName = prior?.body.field ?? input.field ?? rng.pick(TOKENOMICS_FIELDS).field;
    const field = TOKENOMICS_FIELDS.find((f) => f.field === fieldName);
    if (!field) throw new RangeError(`unknown tokenomics field ${fieldName}`);
    const lastOfField = [...this.#records].reverse().find((r) => r.assetId === assetId && r.body.field === field.field);
    const previous = prior ? prior.body.previous : (lastOfField?.body.current ?? null);
    const base = previous === null ? field.base : Number(previous);
    const drift = field.unit === 'percent' ? rng.int(-3, 3) : Math.round(base * (rng.next() * 0.1 - 0.03));
    const current = input.current !== undefined ? String(input.current) : String(Math.max(0, base + drift));
    const source = input.source ?? rng.pick(TOKENOMICS_SOURCES);
    const body: RevisionBody = {
      id: prior?.body.id ?? rng.uuid(),
      revision: prior ? prior.body.revision + 1 : 1,
      assetId,
      asset: { ...asset.summary },
      field: field.field,
      label: field.label,
      unit: field.unit,
      previous,
      current,
      changeKind: prior ? 'corrected' : 'value_changed',
      disagreement: input.disagreement ?? false,
      source: { kind: source, url: `${asset.issuerSite}/tokenomics#${field.field}` },
      observedAt: iso(now - 5 * MINUTE),
      publishedAt: iso(now),
    };
    this.#records.push({ seq: this.#records.length + 1, assetId, body });
    return body;
  }

  #latest(id: string): RevisionRecord | undefined {
    for (let i = this.#records.length - 1; i >= 0; i--) if (this.#records[i]!.body.id === id) return this.#records[i];
    return undefined;
  }

  /** A `since` cursor positioned after sequence number `seq`. */
  cursor(seq: number): string {
    return `tfc1_${seq.toString(36)}_${sum(`c:${seq}`)}`;
  }

  #readCursor(value: string): number | null {
    const m = /^tfc1_([0-9a-z]+)_([0-9a-z]+)$/.exec(value);
    if (!m) return null;
    const seq = parseInt(m[1]!, 36);
    if (m[2] !== sum(`c:${seq}`) || seq > this.head) return null;
    return seq;
  }

  #filterHash(filter: FeedFilter): string {
    return fnv1a(`asset=${filter.assetId ?? '*'};scope=${filter.scopeName}`).toString(36);
  }

  /** A page token for history after `after` up to the snapshot `upTo`, bound to `filter`. */
  pageToken(after: number, upTo: number, filter: FeedFilter): string {
    const parts = `${after.toString(36)}_${upTo.toString(36)}_${this.#filterHash(filter)}`;
    return `tfp1_${parts}_${sum(`p:${parts}`)}`;
  }

  #readPageToken(value: string, filter: FeedFilter): { after: number; upTo: number } | 'mismatch' | null {
    const m = /^tfp1_([0-9a-z]+)_([0-9a-z]+)_([0-9a-z]+)_([0-9a-z]+)$/.exec(value);
    if (!m) return null;
    if (m[4] !== sum(`p:${m[1]}_${m[2]}_${m[3]}`)) return null;
    const after = parseInt(m[1]!, 36);
    const upTo = parseInt(m[2]!, 36);
    if (upTo > this.head || after > upTo) return null;
    if (m[3] !== this.#filterHash(filter)) return 'mismatch';
    return { after, upTo };
  }

  /**
   * One page of the feed.
   * - no `since`/`page`: history from the start, up to the current head;
   * - `page`: a token from `nextPage` (or a page number from 1) continues that history;
   * - `since`: only revisions newer than the cursor, with no upper bound (polling).
   * `nextCursor` is where polling continues: after the last item when `hasMore`, else after
   * everything this read covered.
   */
  read(query: TokenomicsQuery, filter: FeedFilter): FeedResult {
    const limit = query.limit ?? LIMITS.tokenomicsPageDefault;
    if (query.since !== undefined && query.page !== undefined) {
      return { ok: false, code: 'invalid_parameter', param: 'page', message: 'send either since or page, not both' };
    }
    const visible = (r: RevisionRecord) =>
      (filter.assetId === null || r.assetId === filter.assetId) && (filter.scope === null || filter.scope.has(r.assetId));
    let after = 0;
    let upTo = this.head;
    let polling = false;
    if (query.since !== undefined) {
      const seq = this.#readCursor(query.since);
      if (seq === null) {
        return { ok: false, code: 'invalid_cursor', param: 'since', message: 'since is not a cursor issued by the service' };
      }
      after = seq;
      polling = true;
    } else if (query.page !== undefined) {
      if (/^\d+$/.test(query.page)) {
        const n = Number(query.page);
        const total = this.#records.filter(visible).length;
        const pages = Math.max(1, Math.ceil(total / limit));
        if (n < 1 || n > pages) {
          return { ok: false, code: 'invalid_page', param: 'page', message: `page is out of range (1–${pages})` };
        }
        const before = this.#records.filter(visible)[(n - 1) * limit - 1];
        after = n === 1 ? 0 : before!.seq;
      } else {
        const token = this.#readPageToken(query.page, filter);
        if (token === null) {
          return { ok: false, code: 'invalid_page', param: 'page', message: 'page is not a page token issued by the service' };
        }
        if (token === 'mismatch') {
          return { ok: false, code: 'invalid_page', param: 'page', message: 'page token was issued for other filters' };
        }
        ({ after, upTo } = token);
      }
    }
    const matching = this.#records.filter((r) => r.seq > after && r.seq <= upTo && visible(r));
    const page = matching.slice(0, limit);
    const hasMore = matching.length > limit;
    const last = page[page.length - 1];
    return {
      ok: true,
      body: {
        items: page.map((r) => r.body),
        nextCursor: this.cursor(hasMore ? last!.seq : upTo),
        hasMore,
        nextPage: hasMore && !polling ? this.pageToken(last!.seq, upTo, filter) : null,
      },
    };
  }
}
