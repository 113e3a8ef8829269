import autocannon from 'autocannon';
import { startSandbox } from '../../src/sandbox/index.js';
const sb = await startSandbox();
let i = 0;
const r: any = await autocannon({
  url: sb.origin, connections: 10, duration: 3,
  headers: { authorization: sb.info.credentials.publicApiKey },
  requests: [{ method: 'GET', setupRequest: (req: any) => ({ ...req, path: `/kyi/v1/tokens?address=0x${(i++).toString(16).padStart(40, '0')}&chain_slug=ethereum` }) }],
});
console.log(r.requests.average, r.latency, r.non2xx, r['4xx']);
await sb.close();
