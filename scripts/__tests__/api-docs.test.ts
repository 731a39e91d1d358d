import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API } from '@cabana/shared/api/contract';
import { README, withApiTable } from '../api-docs';

describe("the README's API table", () => {
  it('is the one the contract makes (npm run docs:api writes it)', async () => {
    const readme = await readFile(README, 'utf8');
    expect(readme).toBe(withApiTable(readme));
  });

  it('has a line for every row of the contract', async () => {
    const readme = await readFile(README, 'utf8');
    for (const spec of Object.values(API)) expect(readme).toContain(`| \`${spec.method} /api${spec.path}\` |`);
  });
});
