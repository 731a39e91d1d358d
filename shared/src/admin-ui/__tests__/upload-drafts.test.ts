import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/config/limits';
import { fileProblem } from '../upload-drafts';
import { parsePriceInput } from '../price-section';

describe('fileProblem', () => {
  it('accepts photos, including HEIC that browsers report without a type', () => {
    expect(fileProblem({ name: 'a.jpg', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(fileProblem({ name: 'a.heic', size: 10, type: '' })).toBeNull();
  });
  it('explains why a file will not be sent', () => {
    expect(fileProblem({ name: 'a.svg', size: 10, type: 'image/svg+xml' })).toMatch(/No es una imagen/);
    expect(fileProblem({ name: 'a.pdf', size: 10, type: 'application/pdf' })).toMatch(/No es una imagen/);
    expect(fileProblem({ name: 'a.jpg', size: 0, type: 'image/jpeg' })).toMatch(/vacío/);
    expect(fileProblem({ name: 'a.jpg', size: LIMITS.maxUploadBytes + 1, type: 'image/jpeg' })).toMatch(/25 MB/);
  });
});

describe('parsePriceInput', () => {
  it('reads pesos written the Colombian way', () => {
    expect(parsePriceInput('85000')).toBe(85000);
    expect(parsePriceInput('85.000')).toBe(85000);
    expect(parsePriceInput('$ 1.250.000')).toBe(1250000);
  });
  it('passes anything else on for the server to judge', () => {
    expect(parsePriceInput('12abc')).toBeNaN();
    expect(parsePriceInput('-5')).toBe(-5);
    expect(parsePriceInput('80.5')).toBe(80.5);
  });
});
