/// <reference types="vite/client" />
/** The default theme, plus the live examples of the element pages (live.ts, live.css) and tables that wrap (tables.css). */
import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import { startLiveExamples } from './live.js';
import './live.css';
import './tables.css';

export default {
  extends: DefaultTheme,
  enhanceApp() {
    if (!import.meta.env.SSR) void startLiveExamples(import.meta.env.BASE_URL);
  },
} satisfies Theme;
