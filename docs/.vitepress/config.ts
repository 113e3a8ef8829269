/**
 * The docs site (VitePress). `npm run docs` serves it, `npm run docs:build` writes it to
 * docs/.vitepress/dist; both first run scripts/docs/generate.ts (element pages, error codes, the
 * live examples' Service Worker, which is their backend wherever the site is served).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';
import { DOCS_BASE } from '../../scripts/docs/address.js';
import { elementsOf, type Manifest } from '../../scripts/docs/element-pages.js';

const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as Manifest;
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

export default defineConfig({
  title: 'kyi-elements',
  description: 'Know Your Issuer verification elements, a secret-keeping server piece and a local sandbox.',
  base: DOCS_BASE,
  cleanUrls: false,
  head: [['link', { rel: 'icon', href: 'data:,' }]], // no favicon request (a 404 in every console)
  lastUpdated: false,
  markdown: {
    config: (md) => {
      // inline code may break after its punctuation (a CAIP-19, `origin_not_allowed`), so a table column
      // holding it wraps instead of running past the page (tables.css); copying it is unchanged
      const code = md.renderer.rules.code_inline!;
      md.renderer.rules.code_inline = (...args) => code(...args).replace(/([_/.:|-])(?=[^<>]*<\/code>)/g, '$1<wbr>');
    },
  },
  vite: {
    // the pages import the package by its npm names; in this repository those are its sources
    resolve: {
      alias: [
        { find: /^kyi-elements$/, replacement: source('entries/index.ts') },
        { find: /^kyi-elements\/define$/, replacement: source('entries/define.ts') },
      ],
    },
  },
  vue: { template: { compilerOptions: { isCustomElement: (tag: string) => tag.startsWith('kyi-') } } },
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/getting-started' },
      { text: 'Elements', link: '/elements' },
      { text: 'Server', link: '/server' },
      { text: `v${version}`, link: '/versioning' },
    ],
    sidebar: [
      { text: 'Getting started', link: '/getting-started' },
      {
        text: 'Elements',
        items: [
          { text: 'Overview and configuration', link: '/elements' },
          { text: 'npm and frameworks', link: '/frameworks' },
          ...elementsOf(manifest).map(({ declaration }) => ({ text: declaration.tagName!, link: `/elements/${declaration.tagName}` })),
        ],
      },
      { text: 'Server', link: '/server' },
      { text: 'Server rendering', link: '/server-rendering' },
      { text: 'Monitoring', link: '/monitoring' },
      { text: 'Deploying', link: '/deploying' },
      { text: 'Security', link: '/security' },
      { text: 'Sandbox', link: '/sandbox' },
      { text: "Migrating from the vendor's kyi()", link: '/migrating' },
      { text: 'Troubleshooting', link: '/troubleshooting' },
      { text: 'Versioning', link: '/versioning' },
    ],
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
});
