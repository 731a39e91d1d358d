import { describe, expect, it } from 'vitest';
import { formatBytes } from '../format-bytes';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [KB, '1 KB'],
    [2048, '2 KB'],
    [1.4 * KB, '1 KB'],
    [1.5 * KB, '2 KB'],
    [340 * KB, '340 KB'],
    // Thousands are grouped the Colombian way.
    [1023 * KB, '1.023 KB'],
    // Would round to 1024 KB: one unit up.
    [MB - 1, '1 MB'],
    [MB, '1 MB'],
    // A decimal comma, at most one decimal.
    [3.4 * MB, '3,4 MB'],
    [3.5 * MB, '3,5 MB'],
    [3.46 * MB, '3,5 MB'],
    [25 * MB, '25 MB'],
    [1023.9 * MB, '1.023,9 MB'],
    [GB - 1, '1 GB'],
    [1.25 * GB, '1,3 GB'],
    [2048 * GB, '2.048 GB'],
  ])('%d bytes → %j', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('shows nonsense as nothing rather than "NaN B"', () => {
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 B');
  });
});
