/** Assembles an OpenAPI 3.1 document: the paths, and the components they refer to. */
import { readFileSync } from 'node:fs';
import { componentsFor } from './components.js';
import type { Operation } from './routes.js';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string; license: string };

export function openApiDocument(opts: {
  title: string;
  description: string;
  servers: Array<{ url: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  securitySchemes?: Record<string, unknown>;
}): Record<string, unknown> {
  const components: Record<string, unknown> = { schemas: componentsFor(opts.paths) };
  if (opts.securitySchemes) components['securitySchemes'] = opts.securitySchemes;
  return {
    openapi: '3.1.0',
    info: { title: opts.title, version: pkg.version, description: opts.description, license: { name: pkg.license, identifier: pkg.license } },
    servers: opts.servers,
    paths: opts.paths,
    components,
  };
}
