import { elementRegistry } from './page.js';

/** Set on every class this kit defines: how another copy of the kit knows its own kind. */
const KIT_CLASS = Symbol.for('kyi-elements.class');
/** Tags already reported as owned by another class (one message per tag). */
const reported = new Set<string>();

/**
 * Registers a custom element once. A call during server rendering, where there is no registry,
 * only makes the class whole (its property accessors, as registering does: a framework's server
 * render then sets properties, not attributes, as its browser render does); a second call with
 * the same class does nothing.
 *
 * A tag another class owns already (another script, or another copy or version of the kit: two
 * CDN files, or the npm and CDN builds together) stays theirs, and the console says so once per
 * tag: the page then shows that class, not this one, and the partner should know.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor, registry?: CustomElementRegistry): void {
  const target = registry ?? elementRegistry();
  if (!target) return void (ctor as { finalize?: () => void }).finalize?.();
  const owner = target.get(tag) as (CustomElementConstructor & { [KIT_CLASS]?: true }) | undefined;
  if (!owner) {
    (ctor as { [KIT_CLASS]?: true })[KIT_CLASS] = true;
    target.define(tag, ctor);
  } else if (owner !== ctor && !reported.has(tag)) {
    reported.add(tag);
    console.error(
      `kyi-elements: <${tag}> is already defined by ${
        owner[KIT_CLASS]
          ? 'another copy of kyi-elements on the page. Load the kit once: one CDN file or the npm package.'
          : `another script (class ${owner.name}). Remove the other definition of <${tag}>.`
      }`,
    );
  }
}
