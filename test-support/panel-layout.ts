import type { Page } from 'playwright-core';

/**
 * Layout checks of the owner's panel (issue 33), shared by the web's browser tests and the
 * desktop renderer's: what sticks out sideways, and chart labels that overlap.
 */

/** What overflows the page sideways, in px (0 when nothing does). */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - width;
    if (over <= 0) return { over, widest: [] };
    // The deepest elements wider than their box (text that does not wrap), to say so in the failure.
    const widest = [...document.querySelectorAll('body *')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible')
      .slice(-3)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').slice(0, 40)}`);
    return { over, widest };
  });

/** Pairs of chart labels (axis text) whose boxes overlap, per chart, and the smallest axis text in px. */
export const chartLabels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('svg.adm-chart-svg')].map((svg) => {
      const boxes = [...svg.querySelectorAll('text')]
        .filter((t) => (t.textContent ?? '').trim() !== '')
        .map((t) => t.getBoundingClientRect());
      const texts = [...svg.querySelectorAll('text')]
        .filter((t) => (t.textContent ?? '').trim() !== '')
        .map((t) => t.textContent);
      const overlaps: string[] = [];
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            overlaps.push(`${texts[i]}/${texts[j]}`);
        }
      const smallest = Math.min(
        ...[...svg.querySelectorAll('text.adm-chart-axis')]
          .filter((t) => (t.textContent ?? '').trim() !== '')
          .map((t) => t.getBoundingClientRect().height),
      );
      const axis = [...svg.querySelectorAll('text.adm-chart-axis')].map((t) => t.textContent ?? '');
      return { overlaps, smallest, axis };
    }),
  );
