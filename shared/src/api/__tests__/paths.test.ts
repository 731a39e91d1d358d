import { describe, expect, it } from 'vitest';
import { API } from '../contract';
import { API_PATHS } from '../paths';
import { paramNames, type RouteSpec } from '../route';

describe('API_PATHS', () => {
  it("is each row's path, its parameters filled in and encoded", () => {
    expect(API_PATHS.health).toBe('/health');
    expect(API_PATHS.updateImage({ id: 'a b/c' })).toBe('/imagenes/a%20b%2Fc');
    expect(API_PATHS.approveImage({ id: 'x1' })).toBe('/imagenes/x1/aprobar');
    expect(API_PATHS.syncFeed({ id: 'f$&1' })).toBe('/calendario/fuentes/f%24%261/sincronizar');
    expect(API_PATHS.calendarExport({ token: 'tok' })).toBe('/calendario/ical/tok.ics');
  });

  it('has a path for every row and no other', () => {
    expect(Object.keys(API_PATHS)).toEqual(Object.keys(API));
    for (const [name, spec] of Object.entries(API) as [string, RouteSpec][]) {
      const path = (API_PATHS as unknown as Record<string, string | ((params: Record<string, string>) => string)>)[
        name
      ];
      const params = Object.fromEntries(paramNames(spec.path).map((n) => [n, 'v']));
      const filled = typeof path === 'function' ? path(params) : path;
      expect(filled).toBe(spec.path.replace(/:[A-Za-z]+/g, 'v'));
    }
  });
});
