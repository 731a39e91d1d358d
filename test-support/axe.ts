import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { countEvent } from './run-counters';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page: every rule, or only those with the given tags (e.g. 'wcag2aa').
 * The source goes in through the DevTools protocol (page.evaluate), which the page's CSP does
 * not govern, so the real CSP stays on during the test.
 */
export async function runAxe(page: Page, opts: { tags?: readonly string[] } = {}): Promise<AxeViolation[]> {
  countEvent('axe-run', page.url());
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const result = await w.axe.run(document, {
      resultTypes: ['violations'],
      ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, opts.tags);
}
