import { createContext, useContext, type ReactNode } from 'react';
import { fill, plural, type Lang, type Messages, type PluralMessage } from '@cabana/shared/domain/i18n/lang';
import { PAGE_PATHS, type PageKey } from '../config/paths';
import type { SourceMessages } from './es';

/** Every message group of a language; a page carries only `common` and its own groups. */
export type Catalogue = Messages<SourceMessages>;
export type MessageGroup = keyof Catalogue;

/**
 * The messages in use. Only types come from the catalogues here: a page gets its messages from
 * its data island (entry-server picks the page's language and groups), so no catalogue is part
 * of the public JavaScript.
 */
export interface I18n {
  lang: Lang;
  m: Catalogue;
  /** Fills `{name}` placeholders, numbers written the language's way. */
  t: (template: string, vars?: Record<string, string | number>) => string;
  /** The plural form for `count` (`{n}`). */
  p: (message: PluralMessage, count: number, vars?: Record<string, string | number>) => string;
  /** A public page's address in this language. */
  href: (page: PageKey) => string;
}

export const makeI18n = (lang: Lang, m: Catalogue): I18n => ({
  lang,
  m,
  t: (template, vars) => fill(lang, template, vars),
  p: (message, count, vars) => plural(lang, message, count, vars),
  href: (page) => PAGE_PATHS[lang][page],
});

// Every tree that renders the site's frame has a provider (entry-server, entry-client, owner-app).
const I18nContext = createContext<I18n>(null as never);

/** A page renders once with its language: no memo needed. */
export function I18nProvider({ lang, messages, children }: { lang: Lang; messages: Catalogue; children: ReactNode }) {
  return <I18nContext.Provider value={makeI18n(lang, messages)}>{children}</I18nContext.Provider>;
}

export const useI18n = (): I18n => useContext(I18nContext);
