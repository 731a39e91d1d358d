import { describe, expect, it } from 'vitest';
import { newestFirst } from '../newest-first';

describe('newestFirst', () => {
  const at = (id: string, createdAt: string) => ({ id, createdAt });

  it('puts the newest first, keeps ties in their order and leaves the input alone', () => {
    const items = [
      at('a', '2026-01-02T10:00:00.000Z'),
      at('b', '2026-03-01T08:00:00.000Z'),
      at('c', '2026-01-02T10:00:00.000Z'),
      at('d', '2025-12-31T23:59:59.999Z'),
    ];
    const sorted = newestFirst(items, (i) => i.createdAt);
    expect(sorted.map((i) => i.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(items.map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('takes any iterable and any timestamp field', () => {
    const set = new Set([{ created_at: '2026-01-01T00:00:00.000Z' }, { created_at: '2026-06-01T00:00:00.000Z' }]);
    expect(newestFirst(set, (i) => i.created_at).map((i) => i.created_at)).toEqual([
      '2026-06-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]);
    expect(newestFirst([], (i: { t: string }) => i.t)).toEqual([]);
  });
});
