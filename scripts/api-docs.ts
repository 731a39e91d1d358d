/**
 * Writes the API table of README.md from the HTTP contract (shared/src/api); `npm test` checks
 * that the README holds what this would write (scripts/__tests__/api-docs.test.ts).
 *
 *   npm run docs:api
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_TABLE_END, API_TABLE_START, apiTable } from '../shared/src/api/api-table';

export const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../README.md');

/** The README with its API table replaced by the contract's. */
export function withApiTable(readme: string): string {
  const start = readme.indexOf(API_TABLE_START);
  const end = readme.indexOf(API_TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${API_TABLE_START} … ${API_TABLE_END} section`);
  return `${readme.slice(0, start + API_TABLE_START.length)}\n${apiTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(README, withApiTable(await readFile(README, 'utf8')));
  console.info('README.md: API table written from the contract');
}
