/**
 * `npm run bench [-- name…]`: runs the benchmarks (all, or the named ones: size,
 * page-lookups, proxy-load, verify-button, replicas, overload, mechanisms-server, mechanisms-browser, server-render) and writes
 * bench/RESULTS.md with machine info.
 * Targets are ratios or bounds measured within this one run; nothing asserts, a missed
 * target is reported as MISS and the run still exits 0 (a benchmark that crashes exits 1).
 *
 * `--dry` prints what it would write instead of writing RESULTS.md.
 * A partial run replaces only the sections it ran: the other benchmarks' sections of the
 * existing RESULTS.md are kept as they were (marked as from an earlier run) and count in the summary.
 *
 * BENCH_CPU_PROFILE=/tmp/p npm run bench -- page-lookups also saves unminified DevTools CPU
 * profiles of the first page load of each kind (/tmp/p-kyi-cold.cpuprofile, …).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { machineInfo, machineMarkdown } from './machine.js';
import { log, type BenchResult, type Row, type Verdict } from './lib.js';

type Bench = { run(): Promise<BenchResult> };

const BENCHES: Record<string, () => Promise<Bench>> = {
  size: () => import('./size.js'),
  'page-lookups': () => import('./page-lookups.js'),
  'proxy-load': () => import('./proxy-load.js'),
  'verify-button': () => import('./verify-button.js'),
  replicas: () => import('./replicas.js'),
  overload: () => import('./overload.js'),
  'mechanisms-server': () => import('./mechanisms-server.js'),
  'mechanisms-browser': () => import('./mechanisms-browser.js'),
  'server-render': () => import('./server-render.js'),
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
  const lines = [`<!-- bench:${r.id} -->`, `## ${r.title}`, ''];
  if (r.rows.length) {
    lines.push('| Metric | Measured | Target | Result |', '|---|---|---|---|');
    for (const row of r.rows) lines.push(`| ${row.metric} | ${row.value} | ${row.target ?? ''} | ${row.verdict ?? ''} |`);
    lines.push('');
  }
  for (const note of r.notes) lines.push(note.includes('\n') ? `${note}\n` : `- ${note}`);
  lines.push('', `_Took ${r.seconds?.toFixed(1) ?? '?'} s; run of ${machine.date}._`, '');
  return lines.join('\n');
}

const out = resolve(import.meta.dirname, 'RESULTS.md');
/** Sections of files written before the `<!-- bench:id -->` markers, by their number. */
const LEGACY_NUMBERS: Record<string, string> = { '1': 'size', '2': 'page-lookups', '3': 'proxy-load', '4': 'verify-button', '5': 'replicas' };
const EARLIER = '_From an earlier run: this run did not include it._';

/** The sections of the existing RESULTS.md, by benchmark id (text from its marker or heading on). */
function previousSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  let id: string | undefined;
  let lines: string[] = [];
  const close = () => id && sections.set(id, lines.join('\n').trimEnd() + '\n');
  for (const line of text.split('\n')) {
    const marker = /^<!-- bench:([\w-]+) -->$/.exec(line);
    const legacy = /^## (\d+)\. /.exec(line);
    if (marker || (legacy && !lines.at(-1)?.startsWith('<!-- bench:')) || /^_Whole run:/.test(line) || /^## (Machine|Summary)/.test(line)) {
      close();
      id = marker ? marker[1] : legacy ? LEGACY_NUMBERS[legacy[1]!] : undefined;
      lines = [];
      if (legacy && id) lines.push(`<!-- bench:${id} -->`);
      if (!id) continue;
    }
    if (id) lines.push(line);
  }
  close();
  return sections;
}

/** A kept section, marked as from an earlier run, and its rows with a verdict (for the summary). */
function keptSection(text: string): { text: string; title: string; rows: Row[] } {
  const title = /^## (.*)$/m.exec(text)?.[1] ?? '';
  const marked = text.includes(EARLIER) ? text : text.replace(/^(## .*\n)/m, `$1\n${EARLIER}\n`);
  const rows: Row[] = [];
  for (const m of text.matchAll(/^\| (.*) \| (.*) \| (.*) \| (PASS|MISS) \|$/gm)) rows.push({ metric: m[1]!, value: m[2]!, target: m[3]!, verdict: m[4] as Verdict });
  return { text: marked, title, rows };
}

const previous = previousSections(await readFile(out, 'utf8').catch(() => ''));
const ran = new Map(results.map((r) => [r.id, r]));
// Every benchmark's section in the usual order: this run's, else the earlier one's (if any).
const parts = Object.keys(BENCHES).flatMap((id) => {
  const r = ran.get(id);
  if (r) return [{ title: r.title, rows: r.rows, text: section(r) }];
  const old = previous.get(id);
  return old ? [keptSection(old)] : [];
});
// Crashed benchmarks not in BENCHES order (unknown ids) are still reported.
for (const r of results) if (!(r.id in BENCHES)) parts.push({ title: r.title, rows: r.rows, text: section(r) });

const all = parts.flatMap((p) => p.rows.filter((row) => row.verdict === 'PASS' || row.verdict === 'MISS'));
const missed = all.filter((row) => row.verdict === 'MISS');
const summary = [
  '| Benchmark | Target | Result |',
  '|---|---|---|',
  ...parts.flatMap((p) =>
    p.rows.filter((row) => row.verdict === 'PASS' || row.verdict === 'MISS').map((row) => `| ${p.title}: ${row.metric} | ${row.target} | **${row.verdict}** (${row.value}) |`),
  ),
].join('\n');

const md = [
  '# kyi-elements benchmarks',
  '',
  'Written by `npm run bench` (bench/run.ts); do not edit by hand. Targets are ratios or bounds measured',
  'within one run on the machine below (a shared, noisy machine: compare ratios, not absolute times).',
  names.length < Object.keys(BENCHES).length
    ? `\n**Partial run:** ${names.join(', ')} on the machine below; the other sections are kept from earlier runs (each says when).\n`
    : '',
  '## Machine',
  '',
  machineMarkdown(machine),
  '',
  `## Summary: ${all.length - missed.length} of ${all.length} targets met${failures.length ? `; crashed: ${failures.join(', ')}` : ''}`,
  '',
  summary,
  '',
  ...parts.map((p) => p.text),
  `_Whole run: ${total.toFixed(1)} s._`,
  '',
].join('\n');

// --dry: a quick look that leaves RESULTS.md alone (the whole file goes to stdout instead).
if (process.argv.includes('--dry')) console.log(md);
else await writeFile(out, md);
console.log(summary);
console.log(`\nwrote ${out} (${total.toFixed(1)} s)`);
process.exit(failures.length ? 1 : 0);
