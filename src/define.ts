/** Registers every kyi-elements custom element (guarded: safe to load twice or during a server render). */
import { defineElement } from './register.js';

export { configure } from './config.js';
