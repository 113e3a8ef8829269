import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CaipError,
  caip10ToPath,
  formatCaip10,
  formatCaip19,
  formatCaip2,
  isCaip10,
  isCaip19,
  isCaip2,
  parseCaip10,
  parseCaip19,
  parseCaip2,
} from '../../src/contract/index.js';

describe('contract: CAIP-2 chain ids', () => {
  it('parses and formats examples of the CAIP-2 spec', () => {
    for (const id of ['eip155:1', 'bip122:000000000019d6689c085ae165831e93', 'cosmos:cosmoshub-3', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:98866']) {
      assert.equal(formatCaip2(parseCaip2(id)), id);
    }
    assert.deepEqual(parseCaip2('eip155:1'), { namespace: 'eip155', reference: '1' });
  });
  it('rejects malformed chain ids with a message naming the part', () => {
    assert.throws(() => parseCaip2('ab:1'), /namespace/);
    assert.throws(() => parseCaip2('EIP155:1'), /namespace/);
    assert.throws(() => parseCaip2('eip155:'), /reference/);
    assert.throws(() => parseCaip2('eip155:' + 'a'.repeat(33)), /reference/);
    assert.throws(() => parseCaip2('eip155'), CaipError);
    assert.throws(() => parseCaip2('eip155:1:2'), CaipError);
    assert.equal(isCaip2('eip155:1'), true);
    assert.equal(isCaip2(42), false);
  });
});

describe('contract: CAIP-10 account ids', () => {
  const usdc = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  it('parses the field notes USDC account id and formats it back', () => {
    const a = parseCaip10(usdc);
    assert.equal(a.chainId.namespace, 'solana');
    assert.equal(a.address, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    assert.equal(formatCaip10(a), usdc);
  });
  it('turns a CAIP-10 id into the asset route path form (":" → "/")', () => {
    assert.equal(caip10ToPath(usdc), 'solana/5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    assert.equal(caip10ToPath('eip155:98866:0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F'), 'eip155/98866/0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F');
  });
  it('rejects path tricks and bad addresses', () => {
    for (const bad of ['eip155:1:../x', 'eip155:1:a/b', 'eip155:1:', 'eip155:1:' + 'a'.repeat(129), 'eip155:1:a b', 'eip155:1:é']) {
      assert.equal(isCaip10(bad), false, bad);
      assert.throws(() => caip10ToPath(bad), CaipError);
    }
  });
});

describe('contract: CAIP-19 asset ids', () => {
  it('parses fungible and non-fungible examples of the CAIP-19 spec', () => {
    const erc20 = 'eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f';
    assert.equal(formatCaip19(parseCaip19(erc20)), erc20);
    const nft = 'eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d/771769';
    assert.equal(parseCaip19(nft).tokenId, '771769');
    assert.equal(formatCaip19(parseCaip19(nft)), nft);
    assert.equal(isCaip19('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), true);
  });
  it('rejects malformed asset ids naming the part', () => {
    assert.throws(() => parseCaip19('eip155:1'), /asset_namespace/);
    assert.throws(() => parseCaip19('eip155:1/e:0x1'), /asset namespace/);
    assert.throws(() => parseCaip19('eip155:1/erc20:'), /asset reference/);
    assert.throws(() => parseCaip19('eip155:1/erc20:0x1/'), /token id/);
    assert.throws(() => parseCaip19('eip155/erc20:0x1'), /chain id/);
    assert.equal(isCaip19('eip155:1/erc20:0x1/2/3'), false);
  });
});

describe('contract: isCaip* and parseCaip* accept the same ids', () => {
  // The checks the browser runs do not call the parsers (which carry the messages); both are
  // built from one table of part patterns, so they must agree on every input.
  const pieces = ['eip155', 'solana', 'ab', 'EIP', '1', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'erc20', 'token', '0xAb.%-_', 'a'.repeat(33), 'b'.repeat(79), 'c'.repeat(129), ':', '/', ' ', 'é', '..', ''];
  const inputs: string[] = [];
  for (const a of pieces) for (const b of pieces) for (const c of [':', '/']) for (const d of pieces) inputs.push(`${a}${c}${b}:${d}`, `${a}:${b}${c}${d}`, `${a}:${b}/${c}:${d}/7`);
  const accepts = (parse: (v: string) => unknown, v: string) => {
    try {
      parse(v);
      return true;
    } catch (e) {
      assert.ok(e instanceof CaipError, String(e));
      return false;
    }
  };
  it(`on ${inputs.length} generated inputs`, () => {
    let accepted = 0;
    for (const v of inputs) {
      for (const [is, parse] of [[isCaip2, parseCaip2], [isCaip10, parseCaip10], [isCaip19, parseCaip19]] as const) {
        const parsed = accepts(parse, v);
        assert.equal(is(v), parsed, `${is.name || 'isCaip'}(${JSON.stringify(v)})`);
        if (parsed) accepted++;
      }
    }
    assert.ok(accepted > 100, `the inputs include valid ids (${accepted})`);
  });
});
