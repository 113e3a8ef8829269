/**
 * A `PollStore` in one JSON file, for a single process on Node.
 *
 * Every write goes to a fresh temporary file beside the target, is flushed to disk, and is
 * then renamed over the target, so a crash leaves either the old file or the new one. The
 * file carries a SHA-256 of its data: a torn, truncated or hand-edited file is reported as
 * `StoreCorruptError` and left untouched — never silently reset, because an empty poller
 * state would re-deliver or skip history.
 *
 * Node only (`node:fs`, `node:crypto`); edge runtimes use `MemoryStore` or their own store.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { StoreCorruptError, type PollStore } from './types.js';

const FORMAT = 'kyi-poll-store';
const VERSION = 1;

interface FileShape {
  format: typeof FORMAT;
  version: number;
  sha256: string;
  data: Record<string, unknown>;
}

export interface FileStoreOptions {
  /** Path of the store file; its directory is created when missing. */
  path: string;
}

function digest(json: string): string {
  return createHash('sha256').update(json, 'utf8').digest('hex');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One JSON file, atomic writes, corruption detected and reported. */
export class FileStore implements PollStore {
  readonly path: string;
  #data: Record<string, unknown> | undefined;
  #loading: Promise<Record<string, unknown>> | undefined;
  /** Writes run one after another, in call order. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: FileStoreOptions | string) {
    const path = typeof options === 'string' ? options : options.path;
    if (!path) throw new TypeError('FileStore: a file path is required');
    this.path = resolve(path);
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const data = await this.#load();
    const value = data[key];
    return value === undefined ? undefined : (structuredClone(value) as T);
  }

  set(key: string, value: unknown): Promise<void> {
    if (JSON.stringify(value) === undefined) {
      return Promise.reject(new TypeError(`FileStore: value for "${key}" is not JSON-serialisable`));
    }
    return this.#update((data) => ({ ...data, [key]: JSON.parse(JSON.stringify(value)) as unknown }));
  }

  delete(key: string): Promise<void> {
    return this.#update((data) => {
      const next = { ...data };
      delete next[key];
      return next;
    });
  }

  #update(change: (data: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    const run = this.#queue.then(async () => {
      const current = await this.#load();
      const next = change(current);
      await this.#write(next);
      this.#data = next; // only after the rename: a failed write leaves the old state in force
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #load(): Promise<Record<string, unknown>> {
    if (this.#data) return Promise.resolve(this.#data);
    this.#loading ??= this.#read().then(
      (data) => {
        this.#data = data;
        return data;
      },
      (error: unknown) => {
        this.#loading = undefined; // report again on the next call; never fall back to empty
        throw error;
      },
    );
    return this.#loading;
  }

  async #read(): Promise<Record<string, unknown>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        await this.#removeStaleTemps();
        return {};
      }
      throw error;
    }
    const corrupt = (detail: string, cause?: unknown) =>
      new StoreCorruptError(
        `Poll store file ${this.path} is corrupt (${detail}). It was left untouched. ` +
          'Restore it from a backup, or move it aside to start over — the pollers then start ' +
          'without a cursor and without their seen (id, revision) pairs.',
        this.path,
        { cause },
      );
    if (text.trim() === '') throw corrupt('the file is empty: a torn write');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw corrupt('not valid JSON: a torn or truncated write', error);
    }
    if (!isRecord(parsed) || parsed['format'] !== FORMAT) throw corrupt(`not a ${FORMAT} file`);
    const file = parsed as unknown as FileShape;
    if (file.version !== VERSION) throw corrupt(`unsupported version ${String(file.version)}`);
    if (!isRecord(file.data) || typeof file.sha256 !== 'string') throw corrupt('missing data or checksum');
    if (digest(JSON.stringify(file.data)) !== file.sha256) throw corrupt('checksum mismatch: the data was altered');
    await this.#removeStaleTemps();
    return file.data;
  }

  async #write(data: Record<string, unknown>): Promise<void> {
    const json = JSON.stringify(data);
    const body: FileShape = { format: FORMAT, version: VERSION, sha256: digest(json), data };
    const dir = dirname(this.path);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${basename(this.path)}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(body)}\n`, 'utf8');
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await handle.close();
    try {
      await rename(temp, this.path);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    // Make the rename itself durable where the platform allows syncing a directory.
    try {
      const dirHandle = await open(dir, 'r');
      await dirHandle.sync().finally(() => dirHandle.close());
    } catch {
      /* not supported on every platform; the rename is still atomic */
    }
  }

  /** Temp files left by a crash before their rename hold nothing the store still needs. */
  async #removeStaleTemps(): Promise<void> {
    const dir = dirname(this.path);
    const prefix = `.${basename(this.path)}.`;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    await Promise.all(
      names
        .filter((n) => n.startsWith(prefix) && n.endsWith('.tmp'))
        .map((n) => unlink(join(dir, n)).catch(() => undefined)),
    );
  }
}

/** `new FileStore({ path })`. */
export function createFileStore(path: string): FileStore {
  return new FileStore({ path });
}
