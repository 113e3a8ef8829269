/**
 * lit-html, for the monitoring elements' templates (the display elements render views, view.ts,
 * and load no Lit at all). Every module of the kit takes lit-html from here, so Lit's globals are
 * the page's own (browser/lit-globals.ts, imported first) before lit-html is evaluated. A module
 * that also imports a directive (`lit/directives/…`) imports this module first.
 */
import '../../browser/lit-globals.js';

export { html, nothing, render, type TemplateResult } from 'lit/html.js';
