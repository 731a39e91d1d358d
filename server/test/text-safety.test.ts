import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageSchema, type Image } from '@cabana/shared/schemas/image';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, formToken, json, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { readError, readJson } from '../../test-support/json';
import { EnquirySchema } from '@cabana/shared/schemas/enquiry';

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
});
