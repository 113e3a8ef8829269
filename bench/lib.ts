/**
 * Shared shapes and helpers of the benchmarks (`npm run bench`). Each benchmark module exports
 * `run(): Promise<BenchResult>`; bench/run.ts writes the results to bench/RESULTS.md.
 * Targets are ratios or bounds measured within one run; nothing here asserts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Verdict = 'PASS' | 'MISS' | 'n/a';

export interface Row {
  /** What was measured. */
  metric: string;
  /** The measured value, formatted. */
  value: string;
  /** The target, formatted (empty for context rows without one). */
  target?: string;
  verdict?: Verdict;
}

export interface BenchResult {
  id: string;
  title: string;
  rows: Row[];
  /** How it was measured, and anything a reader must know to trust the numbers. */
  notes: string[];
  /** Wall time of the benchmark, seconds. */
  seconds?: number;
}

export const verdict = (ok: boolean): Verdict => (ok ? 'PASS' : 'MISS');

/** Median of a list of numbers (NaN for an empty list). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1]!;
}

export const ms = (v: number, digits = 1) => `${v.toFixed(digits)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ratio = (v: number) => `${v.toFixed(2)}×`;
export const int = (v: number) => Math.round(v).toLocaleString('en-US');

/** A fresh temporary folder; `dispose()` removes it. */
export async function tempDir(prefix: string): Promise<{ path: string; dispose(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `kyi-bench-${prefix}-`));
  return { path, dispose: () => rm(path, { recursive: true, force: true }) };
}

/** Progress to stderr, so stdout stays the summary. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** Sends `message` to a benchmark child process and resolves with its first answer of type `reply`. */
export function requestReply<T>(child: import('node:child_process').ChildProcess, message: { type: string }, reply: string): Promise<T> {
  return new Promise<T>((ok) => {
    const on = (r: { type: string }) => {
      if (r.type !== reply) return;
      child.off('message', on);
      ok(r as T);
    };
    child.on('message', on);
    child.send(message);
  });
}
