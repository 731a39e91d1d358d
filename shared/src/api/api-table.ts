import { ERROR_STATUS } from '../domain/schemas/errors';
import { API } from './contract';
import { API_PREFIX } from './http';
import { ALWAYS_ANSWERED, answerCodes, type RouteSpec } from './route';

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Markers around the generated table in README.md. */
export const API_TABLE_START = '<!-- api-table:start (npm run docs:api writes it from shared/src/api) -->';
export const API_TABLE_END = '<!-- api-table:end -->';

/**
 * The README's API table, made from the contract: one line per row, by path, with who may call
 * it, what it does and the statuses it may answer besides 200/201/204 (every route may also
 * answer 408, 500 and 503).
 */
export function apiTable(): string {
  const rows = (Object.values(API) as RouteSpec[]).sort(
    (a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  const lines = ['| method and path | who | what | errors |', '|---|---|---|---|'];
  for (const spec of rows) {
    const statuses = [
      ...new Set(
        answerCodes(spec)
          .filter((c) => !ALWAYS_ANSWERED.includes(c))
          .map((c) => ERROR_STATUS[c]),
      ),
    ].sort((a, b) => a - b);
    const who = spec.who ?? (spec.access === 'admin' ? 'admin' : 'anyone');
    lines.push(`| \`${spec.method} ${API_PREFIX}${spec.path}\` | ${who} | ${spec.summary} | ${statuses.join(', ')} |`);
  }
  return lines.join('\n');
}
