import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, the full browser: Lighthouse, the benchmarks and screenshots. CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests run in Debian's chromium-headless-shell when it is installed: the same Chromium
 * build (Blink, V8, the network stack) as /usr/bin/chromium, without the browser's UI layer, as
 * Playwright itself runs headless tests. A page in a new context costs about a third of the CPU
 * (docs/decisions/017-test-browser.md). TEST_BROWSER=/usr/bin/chromium runs them in the full browser.
 */
export const TEST_BROWSER_PATH =
  process.env.TEST_BROWSER || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export async function launchBrowser(executablePath: string = TEST_BROWSER_PATH): Promise<Browser> {
  return chromium.launch({
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
