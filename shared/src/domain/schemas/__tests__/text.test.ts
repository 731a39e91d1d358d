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
