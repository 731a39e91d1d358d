import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
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
