import { SEED_TOKENS } from '../../src/sandbox/data/tokens.js';
console.log(SEED_TOKENS.map(t => `${t.slug} ${t.chain} ${t.address} v=${t.verified}`).join('\n'));
