import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../config/settings';
import { firstSteps } from '../../config/first-steps';
import { isPlatformHost, outsideRatingText } from '../../config/outside-rating';
import { SettingsSchema } from '../../schemas/settings';
import { formatNit, nitCheckDigit, parseNit } from '../nit';

/** Issue 35: the NIT's check digit, the outside rating's words, and what of a fresh install is still the sample. */

describe('NIT check digit (DIAN, modulo 11)', () => {
  it.each([
    // Published NITs: Bancolombia, Ecopetrol, Davivienda, DIAN itself.
    ['890903938', 8],
    ['899999068', 1],
    ['860034313', 7],
    ['800197268', 4],
    // The sample of a fresh install.
    ['901555014', 3],
  ])('%s has check digit %i', (base, digit) => {
    expect(nitCheckDigit(base)).toBe(digit);
  });

  it('reads a NIT with or without dots, and writes it the usual way', () => {
    expect(parseNit('890.903.938-8')).toEqual({ base: '890903938', check: 8 });
    expect(parseNit(' 890903938-8 ')).toEqual({ base: '890903938', check: 8 });
    for (const bad of ['890903938', '890903938-', '89.0903938-8', '12345-6', 'NIT 890903938-8', '890903938-88'])
      expect(parseNit(bad), bad).toBeNull();
    expect(formatNit('890903938', 8)).toBe('890.903.938-8');
    expect(formatNit('1234567', 5)).toBe('1.234.567-5');
  });

  it('the settings keep a NIT with its right digit, formatted, and refuse a wrong one', () => {
    const ok = SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, nit: '890903938-8' });
    expect(ok.success && ok.data.nit).toBe('890.903.938-8');
    const wrong = SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, nit: '890.903.938-7' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/dígito de verificación no corresponde/);
  });
});

describe('outside rating', () => {
  const r = {
    platform: 'airbnb' as const,
    rating: 4.9,
    count: 150,
    url: 'https://www.airbnb.com/rooms/1',
    readOn: '2026-11-03',
  };
  it('reads "4,9 en Airbnb (150 reseñas, nov. 2026)" and "4.9 on Airbnb (150 reviews, Nov 2026)"', () => {
    expect(outsideRatingText(r, 'es')).toBe('4,9 en Airbnb (150 reseñas, nov. 2026)');
    expect(outsideRatingText(r, 'en')).toBe('4.9 on Airbnb (150 reviews, Nov 2026)');
    expect(
      outsideRatingText({ ...r, platform: 'booking', rating: 8.75, count: 2300, readOn: '2026-05-31' }, 'es'),
    ).toBe('8,75 en Booking.com (2.300 reseñas, may. 2026)');
  });
  it("accepts only the platform's own domain", () => {
    expect(isPlatformHost('airbnb', 'www.airbnb.com.co')).toBe(true);
    expect(isPlatformHost('airbnb', 'airbnb.com')).toBe(true);
    expect(isPlatformHost('airbnb', 'airbnb.com.evil.example')).toBe(false);
    expect(isPlatformHost('airbnb', 'notairbnb.com')).toBe(false);
    expect(isPlatformHost('booking', 'www.booking.com')).toBe(true);
    expect(isPlatformHost('booking', 'www.airbnb.com')).toBe(false);
  });
});

describe('first steps: what of a fresh install is still the sample', () => {
  const ALL = ['fotos', 'correo', 'avisos', 'telefono', 'pagos', 'rnt', 'nit', 'normas', 'wompi'];
  const keys = (input: Parameters<typeof firstSteps>[0]) => firstSteps(input).map((s) => s.key);

  it('a fresh install lists everything, each with where it is changed', () => {
    const steps = firstSteps({ settings: DEFAULT_SETTINGS, samplePhotos: 6, paymentMode: 'sandbox' });
    expect(steps.map((s) => s.key)).toEqual(ALL);
    expect(steps.map((s) => s.to)).toEqual([
      'fotos',
      'ajustes#email',
      'ajustes#notificationEmail',
      'ajustes#phone',
      'ajustes#bankAccount',
      'ajustes#rnt',
      'ajustes#legalName',
      'ajustes#houseRules',
      'ajustes#wompi',
    ]);
    expect(steps[0]!.text).toContain('las 6 fotos de muestra');
    expect(steps.find((s) => s.key === 'telefono')!.text).toContain(DEFAULT_SETTINGS.phone);
  });

  it('each step goes once the owner changes it; nothing is left when all is theirs', () => {
    const s = { ...DEFAULT_SETTINGS };
    expect(keys({ settings: s, samplePhotos: 0, paymentMode: null })).toEqual(
      ALL.filter((k) => k !== 'fotos' && k !== 'wompi'),
    );
    // One of two changed still leaves the step, pointing at the other.
    const phoneOnly = firstSteps({ settings: { ...s, phone: '+57 310 111 2233' }, samplePhotos: 0, paymentMode: null });
    expect(phoneOnly.find((x) => x.key === 'telefono')?.to).toBe('ajustes#whatsappNumber');
    const own = {
      ...s,
      email: 'hola@micabana.co',
      notificationEmail: 'yo@micabana.co',
      phone: '+57 310 111 2233',
      whatsappNumber: '573101112233',
      nequiNumber: '3101112233',
      rnt: '24680',
      legalName: 'Ana Pérez',
      nit: '890.903.938-8',
      houseRules: 'No fumar.',
    };
    expect(keys({ settings: own, samplePhotos: 0, paymentMode: 'production' })).toEqual([]);
    expect(keys({ settings: own, samplePhotos: 1, paymentMode: null })).toEqual(['fotos']);
    expect(firstSteps({ settings: own, samplePhotos: 1, paymentMode: null })[0]!.text).toContain('la foto de muestra');
  });
});
