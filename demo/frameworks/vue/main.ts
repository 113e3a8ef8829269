// kyi-elements in Vue: tell the compiler that kyi-* tags are custom elements (vite.config.ts).
import { createApp } from 'vue';
import '../../../src/entries/define.js';
import App from './App.vue';

createApp(App).mount('#app');
