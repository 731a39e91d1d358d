import { describe, expect, it } from 'vitest';
import type { Enquiry } from '../../domain/schemas/enquiry';
import {
  bookingMailtoUrl,
  bookingWhatsappUrl,
  enquirySummary,
  mailtoReplyUrl,
  whatsappDigits,
  whatsappReplyUrl,
} from '../reply-links';

const reservation: Enquiry = {
  id: 'e1',
  type: 'reserva',
  name: 'Ana <b>Pérez</b>',
  email: 'ana.perez@example.com',
  phone: '300 123 4567',
  checkIn: '2026-12-01',
  checkOut: '2026-12-05',
  numPeople: 6,
  message: 'Queremos el kiosco.\nY cotizar almuerzo & cena?',
  status: 'nueva',
  createdAt: '2026-11-20T15:30:00.000Z',
  consentAt: '2026-11-20T15:30:00.000Z',
  policyVersion: '2026-11-01',
};
const contact: Enquiry = {
  id: 'e2',
  type: 'contacto',
  name: 'Luis',
  email: 'luis@example.com',
  message: 'Hola',
  status: 'respondida',
  createdAt: '2026-11-19T10:00:00.000Z',
  consentAt: '2026-11-19T10:00:00.000Z',
  policyVersion: '2026-11-01',
};

describe('whatsappDigits', () => {
  it('adds Colombia’s code to a local mobile or landline', () => {
    expect(whatsappDigits('300 123 4567')).toBe('573001234567');
    expect(whatsappDigits('(604) 444-5566')).toBe('576044445566');
  });
  it('keeps international numbers as given', () => {
    expect(whatsappDigits('+1 (415) 555-0100')).toBe('14155550100');
    expect(whatsappDigits('0034 612 345 678')).toBe('34612345678');
    expect(whatsappDigits('+57 300 555 0142')).toBe('573005550142');
  });
  it('refuses numbers too short or too long to dial', () => {
    expect(whatsappDigits('12345')).toBeNull();
    expect(whatsappDigits('+1234567890123456')).toBeNull();
  });
});

describe('reply links', () => {
  it('quotes the enquiry in a mailto whose query cannot be extended by visitor text', () => {
    const url = mailtoReplyUrl(reservation);
    expect(url.startsWith('mailto:ana.perez@example.com?subject=')).toBe(true);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    expect([...query.keys()]).toEqual(['subject', 'body']);
    const body = query.get('body') ?? '';
    expect(body).toContain('Hola Ana <b>Pérez</b>:');
    expect(body).toContain('> Queremos el kiosco.');
    expect(body).toContain('> Y cotizar almuerzo & cena?');
    expect(body).toContain('> Teléfono: 300 123 4567');
    expect(body).toMatch(/> Reserva del 1 \D*dic\D* 2026 al 5 \D*dic\D* 2026 \(4 noches\), 6 personas/);
    expect(query.get('subject')).toContain('Re: Tu reserva en');
  });
  it('links WhatsApp to the visitor’s phone with the stay in the text', () => {
    const url = whatsappReplyUrl(reservation);
    expect(url).not.toBeNull();
    const parsed = new URL(url ?? '');
    expect(parsed.origin + parsed.pathname).toBe('https://wa.me/573001234567');
    expect(parsed.searchParams.get('text')).toContain(enquirySummary(reservation));
  });
  it("signs with the owner's current name, phone and e-mail", () => {
    const sender = { name: 'Cabaña Nueva', phone: '+57 310 000 1111', email: 'hola@nueva.co' };
    const body = new URLSearchParams(mailtoReplyUrl(reservation, sender).split('?')[1]).get('body') ?? '';
    expect(body).toContain('Cabaña Nueva\n+57 310 000 1111 · hola@nueva.co');
    expect(new URL(whatsappReplyUrl(reservation, sender) ?? '').searchParams.get('text')).toContain(
      'te escribimos de Cabaña Nueva',
    );
  });
  it('has no WhatsApp link for a contact message, which carries no phone', () => {
    expect(whatsappReplyUrl(contact)).toBeNull();
    expect(mailtoReplyUrl(contact)).toContain('mailto:luis@example.com?subject=Re%3A%20Tu%20mensaje');
  });
});

describe('replies to a booking (issue 33)', () => {
  const booking = {
    code: 'K7M2P9QX',
    name: 'Ana & <b>Pérez</b>',
    email: 'ana.perez@example.com',
    phone: '300 123 4567',
    lang: 'es' as const,
  };
  const sender = { name: 'Cabaña Mar Azul', phone: '+57 300 000 0000', email: 'hola@example.com' };

  it('mails with the booking’s subject in the guest’s language, encoded so no header can be added', () => {
    const url = new URL(bookingMailtoUrl(booking, sender));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('ana.perez@example.com');
    expect(url.searchParams.get('subject')).toBe('Tu reserva K7M2P9QX en Cabaña Mar Azul');
    expect(url.searchParams.get('body')).toContain('Hola Ana & <b>Pérez</b>:');
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
    const en = new URL(bookingMailtoUrl({ ...booking, lang: 'en' }, sender));
    expect(en.searchParams.get('subject')).toBe('Your booking K7M2P9QX at Cabaña Mar Azul');
  });

  it('prepares a WhatsApp text naming the booking, and none without a usable phone', () => {
    const url = new URL(bookingWhatsappUrl(booking, sender)!);
    expect(url.pathname).toBe('/573001234567');
    expect(url.searchParams.get('text')).toBe(
      'Hola Ana & <b>Pérez</b>, te escribimos de Cabaña Mar Azul por tu reserva K7M2P9QX.',
    );
    expect(bookingWhatsappUrl({ ...booking, phone: '12' }, sender)).toBeNull();
  });
});
