#!/usr/bin/env node
// `npm run test:visual`: the visual regression test (test/node/visual.test.ts) alone.
// `npm run test:visual -- --update` writes the baselines (test/visual/baselines/) anew.
import { spawnSync } from 'node:child_process';

const update = process.argv.includes('--update');
const env = { ...process.env, ...(update ? { KYI_VISUAL_UPDATE: '1' } : {}) };
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/node/visual.test.ts'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
