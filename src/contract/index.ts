/** The service contract as code: written once, used by elements, server piece and sandbox. */
export * from './enums.js';
export * from './badge-enums.js';
export * from './widget-enums.js';
export * from './limits.js';
export * from './errors.js';
export * from './parse.js';
export * from './public-api.js';
export * from './explorer.js';
export * from './explorer-bodies.js';
export * from './badge.js';
export * from './queries.js';
export * from './asset-queries.js';
export * from './lookup-entries.js';
export * from './uuid.js';
export * from './monitoring-query.js';
export * from './query-readers.js';
export * from './bodies.js';
