/**
 * `npm run bench [-- name…]`: runs the benchmarks (all, or the named ones: size,
 * page-lookups, proxy-load, verify-button, replicas) and writes bench/RESULTS.md with machine info.
 * Targets are ratios or bounds measured within this one run; nothing asserts, a missed
 * target is reported as MISS and the run still exits 0 (a benchmark that crashes exits 1).
 *
 * BENCH_CPU_PROFILE=/tmp/p npm run bench -- page-lookups also saves unminified DevTools CPU
 * profiles of the first page load of each kind (/tmp/p-kyi-cold.cpuprofile, …).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { machineInfo, machineMarkdown } from './machine.js';
import { log, type BenchResult } from './lib.js';

type Bench = { run(): Promise<BenchResult> };

const BENCHES: Record<string, () => Promise<Bench>> = {
  size: () => import('./size.js'),
  'page-lookups': () => import('./page-lookups.js'),
  'proxy-load': () => import('./proxy-load.js'),
  'verify-button': () => import('./verify-button.js'),
  replicas: () => import('./replicas.js'),
};
const ALIASES: Record<string, string> = { page: 'page-lookups', proxy: 'proxy-load', verify: 'verify-button' };

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = asked.length ? asked.map((a) => ALIASES[a] ?? a) : Object.keys(BENCHES);
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

const machine = machineInfo();
const results: BenchResult[] = [];
const failures: string[] = [];
const started = performance.now();
for (const name of names) {
  log(`running ${name}…`);
  const t0 = performance.now();
  try {
    const bench = await BENCHES[name]!();
    const result = await bench.run();
    result.seconds = (performance.now() - t0) / 1000;
    results.push(result);
    log(`${name} done in ${result.seconds.toFixed(1)} s`);
  } catch (error) {
    failures.push(name);
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`benchmark ${name} failed:\n${message}`);
    results.push({ id: name, title: name, rows: [], notes: [`The benchmark crashed: ${message.split('\n')[0]}`], seconds: (performance.now() - t0) / 1000 });
  }
}
const total = (performance.now() - started) / 1000;

function section(r: BenchResult): string {
  const lines = [`## ${r.title}`, ''];
  if (r.rows.length) {
    lines.push('| Metric | Measured | Target | Result |', '|---|---|---|---|');
    for (const row of r.rows) lines.push(`| ${row.metric} | ${row.value} | ${row.target ?? ''} | ${row.verdict ?? ''} |`);
    lines.push('');
  }
  for (const note of r.notes) lines.push(note.includes('\n') ? `${note}\n` : `- ${note}`);
  lines.push('', `_Took ${r.seconds?.toFixed(1) ?? '?'} s._`, '');
  return lines.join('\n');
}

const all = results.flatMap((r) => r.rows.filter((row) => row.verdict === 'PASS' || row.verdict === 'MISS'));
const missed = all.filter((row) => row.verdict === 'MISS');
const summary = [
  '| Benchmark | Target | Result |',
  '|---|---|---|',
  ...results.flatMap((r) =>
    r.rows.filter((row) => row.verdict === 'PASS' || row.verdict === 'MISS').map((row) => `| ${r.title}: ${row.metric} | ${row.target} | **${row.verdict}** (${row.value}) |`),
  ),
].join('\n');

const md = [
  '# kyi-elements benchmarks',
  '',
  'Written by `npm run bench` (bench/run.ts); do not edit by hand. Targets are ratios or bounds measured',
  'within this one run on the machine below (a shared, noisy machine: compare ratios, not absolute times).',
  names.length < Object.keys(BENCHES).length ? `\n**Partial run:** ${names.join(', ')} only.\n` : '',
  '## Machine',
  '',
  machineMarkdown(machine),
  '',
  `## Summary: ${all.length - missed.length} of ${all.length} targets met${failures.length ? `; crashed: ${failures.join(', ')}` : ''}`,
  '',
  summary,
  '',
  ...results.map(section),
  `_Whole run: ${total.toFixed(1)} s._`,
  '',
].join('\n');

const out = resolve(import.meta.dirname, 'RESULTS.md');
await writeFile(out, md);
console.log(summary);
console.log(`\nwrote ${out} (${total.toFixed(1)} s)`);
process.exit(failures.length ? 1 : 0);
