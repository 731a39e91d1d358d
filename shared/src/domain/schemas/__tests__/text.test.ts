import { describe, expect, it } from 'vitest';
import { cleanLine, cleanText } from '../text';
import { ContactInputSchema } from '../enquiry';
import { UpdateImageInputSchema, UploadImageFieldsSchema } from '../image';

describe('control and bidirectional characters (issue 12, item 15)', () => {
  it('are removed; line breaks stay only where a text may have lines', () => {
    expect(cleanLine('Ana\u202Egnp.exe')).toBe('Anagnp.exe');
    expect(cleanLine('a\u2066b\u2069c\u202Ad')).toBe('abcd');
    expect(cleanLine('x\u0000y\u0007z\u001Bw\u007F\u0085v')).toBe('xyzwv');
    expect(cleanLine('uno\r\ndos\ttres\u2028cuatro')).toBe('uno dos tres cuatro');
    expect(cleanText('uno\r\ndos\rtres\n\u202Ecuatro\u0000')).toBe('uno\ndos\ntres\ncuatro');
    expect(cleanText('Llegamos tarde 🌴, ¿hay parqueadero? ñ á')).toBe('Llegamos tarde 🌴, ¿hay parqueadero? ñ á');
  });

  it('are stripped by the enquiry and image schemas, and a name made only of them is refused', () => {
    const base = { type: 'contacto', email: 'a@b.co', consent: true, formToken: 't' } as const;
    const ok = ContactInputSchema.parse({ ...base, name: 'Ana\u202E María\u0000', message: 'Hola\u2066\r\nmundo' });
    expect(ok.name).toBe('Ana María');
    expect(ok.message).toBe('Hola\nmundo');
    const bad = ContactInputSchema.safeParse({ ...base, name: '\u202E\u202E\u0000', message: 'Hola' });
    expect(bad.success).toBe(false);

    const fields = UploadImageFieldsSchema.parse({
      title: 'Playa\u202E\nbonita',
      description: 'línea 1\r\nlínea 2\u0007',
      tags: 'playa,\u2066cabañas',
      uploaded_by: 'Pedro\u202D',
    });
    expect(fields).toEqual({
      title: 'Playa bonita',
      description: 'línea 1\nlínea 2',
      tags: 'playa,cabañas',
      uploaded_by: 'Pedro',
    });
    expect(UpdateImageInputSchema.parse({ title: '\u202Ex' })).toEqual({ title: 'x' });
  });
});

describe('names that would forge an e-mail header (issue 28, item 10)', () => {
  it('lose encoded words and every bidirectional control, so no Subject shows them', () => {
    const base = { type: 'contacto', email: 'a@b.co', consent: true, formToken: 't', message: 'Hola' } as const;
    const name = (raw: string) => ContactInputSchema.parse({ ...base, name: raw }).name;
    expect(name('Ana =?utf-8?B?w6lsaXRl?= María')).toBe('Ana María');
    expect(name('=?UTF-8?Q?Pago_aprobado?= Ana')).toBe('Ana');
    // Nested: stripping one encoded word must not leave another behind.
    expect(name('Ana =?=?x?b?y?=utf-8?B?abc?=')).not.toMatch(/=\?|\?=/);
    expect(name('Ana\u200F María\u200E\u061C')).toBe('Ana María');
    expect(name('Ana\u202E María')).toBe('Ana María');
    // Ordinary names, with a question mark or an equals sign on their own, stay as typed.
    expect(name('José = Pepe?')).toBe('José = Pepe?');
  });
});
