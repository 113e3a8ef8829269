/** Chromium as the node tests drive it: the system binary (`CHROME_PATH`, else the one found), with the suite's flags. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/lib/chromium.mjs';

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROME_PATH ?? findChromium(), args: CHROMIUM_ARGS });
