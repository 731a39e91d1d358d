import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { startTestServer, type TestServer } from '../../test-support/server';
import { PAGE_KEYS, PAGE_PATHS } from '../src/config/paths';
import { E2E_DIST } from './helpers';

/**
 * The English site as the server sends it, before any script: language, head tags, content and
 * the sitemap (issue 23). No browser needed; english.test.ts drives the pages in Chromium.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ websiteDist: E2E_DIST });
});
afterAll(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const res = await fetch(server.url + path);
  return { status: res.status, html: await res.text() };
};
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe('English pages (server HTML)', () => {
  it('every page in both languages: lang, canonical, hreflang both ways plus x-default, og:locale', async () => {
    for (const key of PAGE_KEYS) {
      for (const lang of ['es', 'en'] as const) {
        const path = PAGE_PATHS[lang][key];
        const { status, html } = await get(path);
        expect(status, path).toBe(200);
        expect(html, path).toContain(`<html lang="${lang}">`);
        expect(attr(html, /<link rel="canonical" href="([^"]+)"/), path).toBe(BUSINESS.siteUrl + path);
        for (const l of ['es', 'en'] as const)
          expect(html, path).toContain(
            `<link rel="alternate" hreflang="${l}" href="${BUSINESS.siteUrl + PAGE_PATHS[l][key]}" />`,
          );
        expect(html, path).toContain(
          `<link rel="alternate" hreflang="x-default" href="${BUSINESS.siteUrl + PAGE_PATHS.es[key]}" />`,
        );
        const [own, other] = lang === 'es' ? ['es_CO', 'en_US'] : ['en_US', 'es_CO'];
        expect(html, path).toContain(`<meta property="og:locale" content="${own}" />`);
        expect(html, path).toContain(`<meta property="og:locale:alternate" content="${other}" />`);
        // The switch to the other language, marked with that language.
        const otherLang = lang === 'es' ? 'en' : 'es';
        expect(html, path).toContain(
          `href="${PAGE_PATHS[otherLang][key]}" hrefLang="${otherLang}" lang="${otherLang}"`,
        );
      }
    }
  });

  it('carries only its own language: English text, no Spanish catalogue in the island', async () => {
    const { html } = await get('/en/plans');
    expect(html).toContain('Plans and booking');
    expect(html).toContain('Request your booking');
    expect(html).toMatch(/>Español</);
    const island = attr(html, /<script type="application\/json" id="datos-pagina">([\s\S]*?)<\/script>/) ?? '';
    const data = JSON.parse(island) as { lang: string; messages: Record<string, unknown> };
    expect(data.lang).toBe('en');
    expect(Object.keys(data.messages).sort()).toEqual(['booking', 'common', 'errors', 'form', 'plans']);
    expect(island).not.toContain('Planes y reservas');
    // And the Spanish page only Spanish.
    const es = await get('/planes');
    expect(es.html).toContain('Planes y reservas');
    expect(es.html).not.toContain('Plans and booking');
  });

  it('prices in dollars by default in English, pesos in Spanish', async () => {
    const price = (html: string) => attr(html, /data-testid="precio-persona">([^<]+)</);
    // "USD", never a bare "$" (the pesos' sign) for dollars (issue 32).
    expect(price((await get('/en/plans')).html)).toMatch(/^USD\s\d+\.\d\d$/);
    expect(price((await get('/planes')).html)).toMatch(/^\$\s?[\d.]+$/);
    const checked = (html: string) =>
      [...html.matchAll(/<input[^>]*name="moneda"[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag.includes('checked'))
        .map((tag) => attr(tag, /value="(\w+)"/));
    expect(checked((await get('/en/plans')).html)).toEqual(['USD']);
    expect(checked((await get('/planes')).html)).toEqual(['COP']);
  });

  it('JSON-LD per language on the home pages', async () => {
    for (const lang of ['es', 'en'] as const) {
      const { html } = await get(PAGE_PATHS[lang].home);
      const json = JSON.parse(attr(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/) ?? '{}') as {
        inLanguage: string;
        url: string;
        description: string;
      };
      expect(json.inLanguage).toBe(lang);
      expect(json.url).toBe(BUSINESS.siteUrl + PAGE_PATHS[lang].home);
      expect(json.description).toMatch(lang === 'en' ? /^Cabin for groups/ : /^Cabaña para grupos/);
    }
  });

  it('the sitemap lists both languages, each with its alternates', async () => {
    const { html: xml } = await get('/sitemap.xml');
    for (const key of PAGE_KEYS)
      for (const lang of ['es', 'en'] as const) {
        expect(xml).toContain(`<loc>${BUSINESS.siteUrl + PAGE_PATHS[lang][key]}</loc>`);
        expect(xml).toContain(`hreflang="${lang}" href="${BUSINESS.siteUrl + PAGE_PATHS[lang][key]}"`);
      }
    expect(xml.match(/<url>/g)).toHaveLength(PAGE_KEYS.length * 2);
    expect(xml.match(/hreflang="x-default"/g)).toHaveLength(PAGE_KEYS.length * 2);
  });

  it('owner texts: the English version where the owner wrote one, else the Spanish one marked lang="es"', async () => {
    const cookie = await server.loginCookie();
    const patch = async (body: unknown) => {
      const res = await fetch(`${server.apiUrl}/ajustes`, {
        method: 'PATCH',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    };
    await patch({ taglineEn: 'Holiday cabin ten minutes from the sea' });
    const { html } = await get('/en/contact');
    expect(html).toContain('Holiday cabin ten minutes from the sea');
    // No English address: the Spanish one, marked.
    expect(html).toMatch(/<span lang="es">Vía Tolú/);
    // The Spanish page shows the Spanish text (its island carries every setting, the English ones too).
    const body = (await get('/contacto')).html.split('id="datos-pagina"')[0]!;
    expect(body).not.toContain('Holiday cabin ten minutes from the sea');
    expect(body).not.toContain('<span lang="es">');
    await patch({ taglineEn: '' });
  });
});
