import { describe, expect, it } from 'vitest';
import { API_PATHS, API_ROUTES } from '../paths';

describe('API_PATHS', () => {
  it('is each route, its parameter filled in and encoded', () => {
    expect(API_PATHS.health).toBe('/health');
    expect(API_PATHS.image('a b/c')).toBe('/imagenes/a%20b%2Fc');
    expect(API_PATHS.imageApprove('x1')).toBe('/imagenes/x1/aprobar');
    expect(API_PATHS.calendarFeedSync('f$&1')).toBe('/calendario/fuentes/f%24%261/sincronizar');
    expect(API_PATHS.calendarExport('tok')).toBe('/calendario/ical/tok.ics');
  });

  it('has a path for every route and no other', () => {
    expect(Object.keys(API_PATHS)).toEqual(Object.keys(API_ROUTES));
    for (const [name, route] of Object.entries(API_ROUTES)) {
      const path = (API_PATHS as Record<string, string | ((value: string) => string)>)[name];
      expect(typeof path === 'function' ? path('v') : path).toBe(route.replace(/:[A-Za-z]+/, 'v'));
    }
  });
});
