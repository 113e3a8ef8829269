/** Machine information for bench/RESULTS.md: CPU, cores, memory, OS, Node, Chromium, date. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem, release, platform, arch } from 'node:os';
import { findChromium } from '../scripts/lib/chromium.mjs';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memory: string;
  os: string;
  node: string;
  chromium: string;
  date: string;
  load: string;
}

function chromiumVersion(): string {
  const path = findChromium();
  if (!path) return 'not found';
  try {
    return `${execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim()} (${path})`;
  } catch {
    return `unknown (${path})`;
  }
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  const speed = list[0]?.speed ? ` @ ${list[0].speed} MHz` : '';
  return {
    cpu: `${list[0]?.model?.trim() ?? 'unknown'}${speed}`,
    cores: list.length,
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    chromium: chromiumVersion(),
    date: new Date().toISOString(),
    load: loadavg()
      .map((v) => v.toFixed(2))
      .join(' / '),
  };
}

export function machineMarkdown(info: MachineInfo): string {
  return [
    '| | |',
    '|---|---|',
    `| CPU | ${info.cpu} |`,
    `| Logical cores | ${info.cores} |`,
    `| Memory | ${info.memory} |`,
    `| OS | ${info.os} |`,
    `| Node | ${info.node} |`,
    `| Chromium | ${info.chromium} |`,
    `| Date | ${info.date} |`,
    `| Load average at start (1/5/15 min) | ${info.load} |`,
  ].join('\n');
}
