/**
 * The minified code of a built chunk, split by the source module each byte came from, read from
 * the chunk's source map: what the bundler reports per module (`renderedLength`, `code`) is the
 * module before minification, so it overstates every part (Lit's published files keep their
 * comments and long names until the final pass).
 */
import { dirname, join, resolve } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';

/** A built chunk with its source map (rolldown's output chunk, `sourcemap: 'hidden'`). */
export interface MappedChunk {
  code: string;
  map: { sources: string[]; mappings: string } | null;
}

/** Bytes generated without a source (the bundler's own glue). */
export const NO_SOURCE = '(bundler glue)';

/** Every stretch of the chunk's code, by the source that produced it (absolute or map-relative paths as the map has them). */
export function codeBySource(chunk: MappedChunk): Map<string, string> {
  const pieces = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (text) (pieces.get(source) ?? pieces.set(source, []).get(source)!).push(text);
  };
  if (!chunk.map) {
    add(NO_SOURCE, chunk.code);
  } else {
    const lines = chunk.code.split('\n');
    const mappings = decode(chunk.map.mappings);
    lines.forEach((line, i) => {
      // decode() gives each line's segments in column order (it sorts a line that is not).
      const segments = mappings[i] ?? [];
      let column = 0;
      let source = NO_SOURCE;
      for (const segment of segments) {
        add(source, line.slice(column, segment[0]));
        column = segment[0];
        source = segment.length > 1 ? chunk.map!.sources[segment[1]!]! : NO_SOURCE;
      }
      add(source, line.slice(column) + (i < lines.length - 1 ? '\n' : ''));
    });
  }
  return new Map([...pieces].map(([source, texts]) => [source, texts.join('')]));
}

/** `codeBySource` keyed by absolute module path: the map's sources are relative to the chunk written in `outDir`. */
export function codeByModule(chunk: MappedChunk & { fileName: string }, outDir: string): Map<string, string> {
  const dir = dirname(join(outDir, chunk.fileName));
  return new Map([...codeBySource(chunk)].map(([source, code]) => [source === NO_SOURCE ? source : resolve(dir, source), code]));
}
