import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { countEvent } from './run-counters';

/** Debian's Chromium, the full browser: Lighthouse, the benchmarks and screenshots. CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests run in Debian's chromium-headless-shell: the same Chromium build (Blink, V8,
 * the network stack) as /usr/bin/chromium, without the browser's UI layer, as Playwright itself
 * runs headless tests. A page in a new context costs about a third of the CPU
 * (docs/decisions/017-test-browser.md). TEST_BROWSER=/usr/bin/chromium runs them in the full
 * browser. Without TEST_BROWSER a missing headless shell is an error, not a silent fall-back to
 * the full browser (three times the CPU per page): install the package `chromium-headless-shell`.
 */
export function testBrowserPath(): string {
  if (process.env.TEST_BROWSER) return process.env.TEST_BROWSER;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  throw new Error(
    `The test browser ${HEADLESS_SHELL} is missing: install it (apt-get install chromium-headless-shell), ` +
      'or set TEST_BROWSER to the Chromium to run the browser tests in (e.g. TEST_BROWSER=/usr/bin/chromium).',
  );
}

/**
 * Launches Chromium (by default the test browser, above). Every page it opens counts its document
 * loads, and the launch itself is counted with the browser's path and version, for the run's
 * summary (test-support/run-counters.ts).
 */
export async function launchBrowser(executablePath: string = testBrowserPath()): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  countEvent('browser', `${executablePath} ${browser.version()}`);
  // browser.newPage() goes through newContext() as well.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', (page) => page.on('load', () => countEvent('page-load', page.url())));
    return context;
  };
  return browser;
}

export interface PageProblems {
  consoleErrors: string[];
  cspViolations: string[];
  pageErrors: string[];
}

/**
 * Opens a page that records console errors, uncaught errors and CSP violations, so every test
 * can assert the page stayed clean.
 */
export async function openPage(context: BrowserContext): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], cspViolations: [], pageErrors: [] };
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (/Content Security Policy/i.test(text)) problems.cspViolations.push(text);
    else problems.consoleErrors.push(text);
  });
  page.on('pageerror', (err) => problems.pageErrors.push(String(err)));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { page, problems };
}

/**
 * The code of the scripts a page runs from its own HTML (issue 31: the entry of the pages with
 * islands); its data island and JSON-LD are data, not run. Counted in the byte budgets beside the
 * fetched scripts (website/e2e, website/scripts/measure.ts).
 */
export const inlineScriptsOf = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => /^(module|(text\/)?javascript)?$/i.test(s.getAttribute('type') ?? ''))
      .map((s) => s.textContent ?? ''),
  );
