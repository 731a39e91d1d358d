import { describe, expect, it } from 'vitest';
import { placeholdersOf, type MessageTree } from '@cabana/shared/domain/i18n/lang';
import { en } from '../en';
import { es } from '../es';

/** Every message of a catalogue by its dotted key. */
function flatten(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === 'string') out.set(path, value);
    else if ('other' in value && typeof value.other === 'string')
      for (const [form, text] of Object.entries(value)) out.set(`${path}#${form}`, text as string);
    else for (const [k, v] of flatten(value as MessageTree, `${path}.`)) out.set(k, v);
  }
  return out;
}

describe('message catalogues', () => {
  const source = flatten(es);
  const english = flatten(en);

  it('English has every Spanish key and no other (groups, messages and plural forms)', () => {
    const plain = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.replace(/#.*/, '')))].sort();
    expect(plain(english.keys())).toEqual(plain(source.keys()));
  });

  it('every message is written, and its translation keeps the same placeholders', () => {
    for (const [key, text] of english) {
      expect(text.trim(), key).not.toBe('');
      const original = source.get(key) ?? source.get(key.replace(/#.*/, '#other'));
      expect(original, key).toBeDefined();
      expect(placeholdersOf(text), key).toEqual(placeholdersOf(original!));
    }
    for (const [key, text] of source) expect(text.trim(), key).not.toBe('');
  });

  it('every plural message has its "other" form in both languages', () => {
    for (const catalogue of [source, english])
      for (const key of catalogue.keys())
        if (key.includes('#')) expect(catalogue.has(key.replace(/#.*/, '#other')), key).toBe(true);
  });
});
