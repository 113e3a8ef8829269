/**
 * kyi-elements: element classes, configuration and types. Importing this module registers
 * nothing; import `kyi-elements/define` to register every element.
 */
export * from './contract/index.js';
export { defineElement } from './register.js';
