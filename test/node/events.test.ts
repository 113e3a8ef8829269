/**
 * The kit's event classes: each takes its type from its own `eventName`, bubbles, is
 * composed, and carries its detail; `GlobalEventHandlersEventMap` lists every one.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as events from '../../src/events.js';
import { KyiEvent } from '../../src/events.js';

/** Every event class the module exports (the base itself left out). */
type EventClass = { new (detail: unknown): KyiEvent<unknown>; readonly eventName: string; readonly name: string };
const classes = (Object.values(events) as unknown[]).filter(
  (v): v is EventClass => typeof v === 'function' && v.prototype instanceof KyiEvent,
);

describe('kit events', () => {
  it('every event class sends its own kyi-<verb> type, bubbling and composed, with its detail', () => {
    assert.ok(classes.length >= 10, `found ${classes.length} event classes`);
    const names = new Set<string>();
    for (const EventClass of classes) {
      const detail = { marker: EventClass.name };
      const event = new EventClass(detail);
      assert.match(event.type, /^kyi-[a-z-]+$/, EventClass.name);
      assert.equal(event.type, EventClass.eventName);
      assert.equal(event.bubbles && event.composed, true, EventClass.name);
      assert.equal(event.cancelable, false);
      assert.equal(event.detail, detail);
      names.add(event.type);
    }
    assert.equal(names.size, classes.length, 'no two classes share a type');
  });

  it('lists each class under its type in GlobalEventHandlersEventMap', () => {
    const source = readFileSync(new URL('../../src/events.ts', import.meta.url), 'utf8');
    for (const EventClass of classes) assert.ok(source.includes(`'${EventClass.eventName}': ${EventClass.name};`), EventClass.name);
  });

  it('refuses a subclass that declares no eventName', () => {
    class Nameless extends KyiEvent<number> {}
    assert.throws(() => new Nameless(1), /Nameless must declare a static eventName/);
  });
});
