/**
 * The recipes exactly as the docs show them. A recipe is a code group marked
 * `<!-- recipe: NAME -->` on a docs page: each tab is one file of the partner's project, titled
 * with its path (`[server.ts]`; the files kept runnable in examples/ are written into the page by
 * scripts/docs/examples.ts); a `[shell]` tab holds the commands to type. A recipe may also be spread over single fenced blocks between a
 * page's prose, each marked `<!-- recipe: NAME [path] -->` (`[shell]` for commands; Getting
 * started's quick starts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Recipe {
  name: string;
  /** The docs page it is on. */
  page: string;
  /** Project path → content. */
  files: Map<string, string>;
  /** The `[shell]` tab's lines. */
  shell: string[];
}

const DOCS = resolve('docs');

function parse(page: string): Recipe[] {
  const text = readFileSync(join(DOCS, page), 'utf8');
  const recipes: Recipe[] = [];
  for (const m of text.matchAll(/<!-- recipe: ([\w-]+) -->\n::: code-group\n([\s\S]*?)\n:::\n/g)) {
    const recipe: Recipe = { name: m[1]!, page, files: new Map(), shell: [] };
    const body = m[2]!;
    for (const [, path, code] of body.matchAll(/^```\w+ \[(.+)\]\n([\s\S]*?)^```$/gm)) {
      if (path === 'shell') recipe.shell = code!.split('\n').filter(Boolean);
      else recipe.files.set(path!, code!);
    }
    recipes.push(recipe);
  }
  // a recipe spread over single blocks between the page's prose (Getting started's quick starts)
  for (const m of text.matchAll(/<!-- recipe: ([\w-]+) \[(.+)\] -->\n```\w+\n([\s\S]*?)^```$/gm)) {
    const [, name, path, code] = m;
    let recipe = recipes.find((r) => r.name === name);
    if (!recipe) recipes.push((recipe = { name: name!, page, files: new Map(), shell: [] }));
    if (path === 'shell') recipe.shell.push(...code!.split('\n').filter(Boolean));
    else recipe.files.set(path!, code!);
  }
  return recipes;
}

/** Every recipe of the docs pages, by name. */
export function docsRecipes(): Map<string, Recipe> {
  const all = new Map<string, Recipe>();
  for (const page of readdirSync(DOCS).filter((n) => n.endsWith('.md'))) {
    for (const recipe of parse(page)) {
      if (all.has(recipe.name)) throw new Error(`two recipes named ${recipe.name} (${all.get(recipe.name)!.page}, ${page})`);
      all.set(recipe.name, recipe);
    }
  }
  return all;
}

/** Packages a file imports (bare specifiers, `node:` built-ins left out), and its relative imports. */
export function importsOf(source: string): { packages: string[]; relative: string[] } {
  const specifiers = [...source.matchAll(/(?:^|\s)(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
  const packages = specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
  return { packages: [...new Set(packages)], relative: specifiers.filter((s) => s.startsWith('.')) };
}
