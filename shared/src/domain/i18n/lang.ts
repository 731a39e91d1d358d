/**
 * The site's languages and the small message machinery every part may share (the website's
 * pages, later the guest e-mails and the private booking page). A catalogue is a plain JSON
 * object: strings with `{name}` placeholders, and plural forms as `{ one, other }` objects picked
 * by `Intl.PluralRules`. Plain data, so a page can carry its own language's messages in its data
 * island and no catalogue is ever part of the JavaScript (docs/decisions/028-english-site.md).
 */
export type Lang = 'es' | 'en';

export const LANGS: readonly Lang[] = ['es', 'en'];

/** The default language: the Spanish site is the original, and `x-default` points to it. */
export const DEFAULT_LANG: Lang = 'es';

/** The `Intl` locale of each language: Colombian Spanish, American English. */
export const INTL_LOCALE: Record<Lang, string> = { es: 'es-CO', en: 'en-US' };

/** Open Graph's `og:locale` of each language. */
export const OG_LOCALE: Record<Lang, string> = { es: 'es_CO', en: 'en_US' };

export const isLang = (value: unknown): value is Lang => value === 'es' || value === 'en';

/** Plural forms of one message, as `Intl.PluralRules` names them (`other` is always there). */
export interface PluralMessage {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/** A catalogue: nested groups whose leaves are messages. */
export interface MessageTree {
  [key: string]: string | PluralMessage | MessageTree;
}

/**
 * The shape another language's catalogue must have: every group and message of the source
 * (Spanish) catalogue, any text in it. A missing or extra key is a type error.
 */
export type Messages<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends { other: string } ? PluralMessage : Messages<T[K]>;
};

type Vars = Record<string, string | number>;

/** One `Intl` formatter per kind, locale and options, made once: building them is the costly part. */
const cache: Record<string, Intl.NumberFormat & Intl.DateTimeFormat & Intl.PluralRules> = {};
const intl = (
  Kind: typeof Intl.NumberFormat | typeof Intl.DateTimeFormat | typeof Intl.PluralRules,
  lang: Lang,
  options = {},
) =>
  (cache[Kind.name + lang + JSON.stringify(options)] ??= new (Kind as typeof Intl.NumberFormat)(
    INTL_LOCALE[lang],
    options,
  ) as never);

export const numberFormat = (lang: Lang, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  intl(Intl.NumberFormat, lang, options);

export const dateFormat = (lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  intl(Intl.DateTimeFormat, lang, options);

const pluralRules = (lang: Lang): Intl.PluralRules => intl(Intl.PluralRules, lang);

/** Fills `{name}` placeholders; numbers are written as the language writes them. */
export function fill(lang: Lang, template: string, vars: Vars = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    return v === undefined ? whole : typeof v === 'number' ? numberFormat(lang).format(v) : v;
  });
}

/** The plural form for `count`, filled (`{n}` is the count). */
export function plural(lang: Lang, message: PluralMessage, count: number, vars: Vars = {}): string {
  const form = pluralRules(lang).select(count);
  return fill(lang, message[form] ?? message.other, { n: count, ...vars });
}

/** The placeholders a message uses, for checking that a translation keeps them. */
export const placeholdersOf = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/**
 * An owner-edited text in a page's language: on English pages the English version when the owner
 * wrote one, otherwise the Spanish text, whose `lang` then says so (screen readers, translators).
 */
export function ownerText(lang: Lang, es: string, en: string | undefined): { text: string; lang: Lang } {
  return lang === 'en' && en ? { text: en, lang: 'en' } : { text: es, lang: 'es' };
}
