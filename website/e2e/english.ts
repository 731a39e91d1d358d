import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The check for Spanish on English pages (issue 23), shared by english-text.test.ts (forms and
 * their errors, pages as the server sends them) and the sweep of the public pages
 * (public-pages.test.ts, after hydration).
 */

/** Words that are Spanish and not English (lowercase, matched as whole words, any case). */
const SPANISH_WORDS = [
  'de', 'del', 'la', 'las', 'los', 'el', 'que', 'para', 'por', 'con', 'una', 'tus', 'sus', 'es', 'y', 'al',
  'se', 'más', 'pero', 'como', 'este', 'esta', 'fecha', 'foto', 'fotos', 'reserva', 'página', 'datos', 'correo',
  'nombre', 'mensaje', 'personas', 'noches', 'llegada', 'salida', 'elige', 'escribe', 'revisa', 'inténtalo',
  'gracias', 'precio', 'subir', 'enviar', 'volver', 'inicio', 'título', 'descripción', 'cancelar', 'pago',
  'anticipo', 'saldo', 'comprobante', 'todos', 'días', 'ley', 'política', 'nuestro', 'nosotros', 'aquí',
  'solicitud', 'consulta', 'teléfono', 'ver', 'sube', 'cargando', 'pudimos', 'demasiado', 'campos',
]; // prettier-ignore
/** `tu` ("your") only in lower case: the calendar's "Tu" is Tuesday. */
const SPANISH = new RegExp(`[áéíóúñ¿¡]|\\b(${SPANISH_WORDS.join('|')})\\b|\\btu\\b`, 'i');
const LOWER_TU = /\btu\b/;

/** Proper names (places, the business and its company) and the one Spanish legal term the English terms quote. */
const PROPER_NAMES = [
  'Cabaña Brisas del Golfo',
  'Brisas del Golfo S.A.S.',
  'Santiago de Tolú',
  'Tolú',
  'Coveñas',
  'Migración Colombia',
  'Múcura',
  'Tintipán',
  'La Caimanera',
  'San Bernardo',
  'San Antero',
  'contrato de hospedaje',
];

export const spanishIn = (text: string): boolean => {
  let rest = text;
  for (const name of PROPER_NAMES) rest = rest.split(name).join(' ');
  return SPANISH.test(rest.replace(/\bTu\b/g, ' ')) || LOWER_TU.test(rest);
};

/**
 * Every text a visitor can meet on the page: text nodes (hidden ones and `<noscript>` too), the
 * title, labels and descriptions in attributes, and the head's description and social tags. Not
 * what is inside `lang="es"` (owner texts, the switcher), nor scripts and styles.
 */
export async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const skipped = (el: Element | null) => Boolean(el?.closest('body [lang="es"], script, style, template'));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && !skipped(n.parentElement)) out.push(text);
    }
    for (const el of document.body.querySelectorAll(
      '[aria-label], [title], [alt], [placeholder], [aria-description]',
    )) {
      if (skipped(el)) continue;
      for (const a of ['aria-label', 'title', 'alt', 'placeholder', 'aria-description']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    for (const meta of document.head.querySelectorAll(
      'meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]',
    )) {
      const property = meta.getAttribute('property') ?? meta.getAttribute('name') ?? '';
      if (
        ![
          'og:url',
          'og:image',
          'og:locale',
          'og:locale:alternate',
          'og:type',
          'twitter:card',
          'twitter:image',
        ].includes(property)
      )
        out.push(meta.getAttribute('content') ?? '');
    }
    return out;
  });
}

/** No Spanish in what the page shows (see `textsOf`). */
export async function expectEnglish(page: Page, where: string) {
  const spanish = (await textsOf(page)).filter(spanishIn);
  expect(spanish, `${where}: texto en español`).toEqual([]);
}
