import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageSchema, type Image } from '@cabana/shared/domain/schemas/image';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, formToken, json, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { readError, readJson } from '../../test-support/json';
import { EnquirySchema } from '@cabana/shared/domain/schemas/enquiry';
import { day } from './helpers/ical-feeds';

/** Issue 12, item 15: what reaches the inbox and the gallery carries no control or bidi characters. */
describe('stored text', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
  });
  afterAll(() => s.close());

  it('strips control and bidirectional-override characters from enquiries', async () => {
    const token = await formToken(s);
    const res = await json(s, 'POST', '/consultas', {
      type: 'contacto',
      name: 'Ana\u202Egnp.exe\u0000',
      email: 'ana@example.com',
      message: 'Hola\u0007\r\n\u2066¿hay cupo?\u2069',
      consent: true,
      formToken: token,
    });
    expect(res.status).toBe(201);
    const [stored] = await readJson(
      await json(s, 'GET', '/consultas', undefined, bearer(admin)),
      EnquirySchema.array(),
    );
    expect(stored?.name).toBe('Anagnp.exe');
    expect(stored?.message).toBe('Hola\n¿hay cupo?');
  });

  it('refuses a name made only of such characters (400, in Spanish)', async () => {
    const token = await formToken(s);
    const res = await json(s, 'POST', '/consultas', {
      type: 'contacto',
      name: '\u202E\u202D\u0000',
      email: 'ana@example.com',
      message: 'Hola',
      consent: true,
      formToken: token,
    });
    expect(res.status).toBe(400);
    expect((await readError(res)).fields?.name).toMatch(/nombre/);
  });

  it('strips them from photo titles, descriptions and senders, on upload and on edit', async () => {
    const res = await upload(s, await jpegWithGps(300, 200), {
      fields: { title: 'Playa\u202E\nbonita', description: 'Uno\r\nDos\u001B', uploaded_by: 'Pedro\u2066' },
    });
    const img = (await res.json()) as Image;
    expect(img).toMatchObject({ title: 'Playa bonita', description: 'Uno\nDos', uploaded_by: 'Pedro' });
    const edited = await json(s, 'PATCH', `/imagenes/${img.id}`, { title: '\u202ENuevo\u0000' }, bearer(admin));
    expect((await readJson(edited, ImageSchema)).title).toBe('Nuevo');
  });

  it('refuses them, and markup, in block notes, feed names and season names, as in the settings (400, in Spanish)', async () => {
    const block = (note: string) => ({ start: day(10), end: day(12), note });
    const feed = (name: string) => ({ name, url: 'https://calendario.example.com/a.ics' });
    const season = (name: string) => ({
      seasons: [{ name, start: day(30), end: day(40), pricePerPerson: 120_000, minNights: 1 }],
    });
    const cases: Array<[string, string, unknown, string, RegExp]> = [
      ['POST', '/calendario/bloqueos', block('Familia\u202Eexe'), 'note', /control/],
      ['POST', '/calendario/bloqueos', block('Techo\nroto'), 'note', /saltos de línea/],
      ['POST', '/calendario/bloqueos', block('<b>Obra</b>'), 'note', /< >/],
      ['POST', '/calendario/fuentes', feed('Airbnb\u0000'), 'name', /control/],
      ['POST', '/calendario/fuentes', feed('{{Airbnb}}'), 'name', /\{ \}/],
      ['PUT', '/temporadas', season('Alta\u2066'), 'seasons.0.name', /control/],
      ['PUT', '/temporadas', season('Semana <i>Santa</i>'), 'seasons.0.name', /< >/],
    ];
    for (const [method, path, body, field, message] of cases) {
      const res = await json(s, method, path, body, bearer(admin));
      expect(res.status, `${path} ${field}`).toBe(400);
      expect((await readError(res)).fields?.[field], `${path} ${field}`).toMatch(message);
    }
    // Accents, dashes and punctuation people do type are kept as typed.
    const ok = await json(s, 'POST', '/calendario/bloqueos', block('Mantenimiento — techo (año 2027)'), bearer(admin));
    expect(ok.status).toBe(201);
    const seasons = await json(s, 'PUT', '/temporadas', season('Temporada alta: ¡diciembre!'), bearer(admin));
    expect(seasons.status).toBe(200);
  });
});
