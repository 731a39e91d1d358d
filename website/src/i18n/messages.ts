import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { en } from './en';
import { es } from './es';
import type { Catalogue, MessageGroup } from './i18n';

/** Both catalogues: for the server build (and the owner's app, which stays Spanish), never a public page's chunk. */
export const CATALOGUES: Record<Lang, Catalogue> = { es, en };

/** What a page carries: its language's `common` group and the groups it names. */
export function messagesFor(lang: Lang, groups: readonly MessageGroup[]): Partial<Catalogue> {
  const all = CATALOGUES[lang];
  return Object.fromEntries(['common', ...groups].map((g) => [g, all[g as MessageGroup]]));
}
