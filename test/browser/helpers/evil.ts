/**
 * Helpers of the page-trust browser tests (not a test file itself): what reached the harness's
 * foreign "evil" origin (test/harness/evil-server.ts), and user content posted into the page.
 */
import { testEnv } from './display.js';

/** Every page-trust file sends its own, intended requests to the evil origin under a prefix starting so. */
export const EVIL_PREFIX = '/page-trust-';

export interface EvilRequest {
  method: string;
  path: string;
  body: string;
}

/** What reached the evil origin under `prefix`. */
export async function evilLog(prefix: string): Promise<EvilRequest[]> {
  const r = await fetch(`${(await testEnv()).evilUrl}/__evil/log?prefix=${encodeURIComponent(prefix)}`);
  return (await r.json()) as EvilRequest[];
}

/**
 * Starts watching the evil origin at every path: a relative URL a `<base>` moved lands at its
 * root, not under a test's prefix. Resolves with a function giving what arrived since, leaving
 * out what the other page-trust files send there on purpose (under their own prefixes).
 */
export async function watchEvil(ownPrefix: string): Promise<() => Promise<EvilRequest[]>> {
  const seen = (await evilLog('/')).length;
  return async () => (await evilLog('/')).slice(seen).filter((r) => !r.path.startsWith(EVIL_PREFIX) || r.path.startsWith(ownPrefix));
}

/**
 * Puts user content into the page body, as a partner rendering a comment would (class
 * `user-comment`), parsed as the page's parser parses it: a `<template shadowrootmode>` in it
 * makes a real declarative shadow root (`innerHTML` would leave a plain template).
 */
export function postUserContent(markup: string): HTMLElement {
  const comment = document.createElement('div');
  comment.className = 'user-comment';
  comment.setHTMLUnsafe(markup);
  document.body.append(comment);
  return comment;
}

/** Removes every posted user content (and with it any `<base>` it carried). */
export function removeUserContent(): void {
  document.querySelectorAll('.user-comment').forEach((c) => c.remove());
}
