import type { Page } from 'playwright-core';
import { runAxe, type AxeViolation } from '../../../test-support/axe';

/** The desktop window is checked against WCAG 2.1 A/AA. */
export function axeViolations(page: Page): Promise<AxeViolation[]> {
  return runAxe(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
}
