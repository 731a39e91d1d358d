import type { PageSettings } from '@cabana/shared/domain/config/settings';
import { whatsappLink } from '@cabana/shared/domain/config/settings';
import { env } from '../config/env';

export type EmailParams = Record<string, string | number>;

/**
 * The business facts every template may show (signature, "write us on WhatsApp"), from the
 * owner's current settings: templates must not carry a phone or name of their own that a save
 * in the panel would leave behind.
 */
export const businessEmailParams = (s: PageSettings): EmailParams => ({
  business_name: s.name,
  business_phone: s.phone,
  business_email: s.email,
  business_whatsapp_url: whatsappLink(s),
});

/**
 * Sends one EmailJS template. The SDK is imported here, on demand, so visitors who never send
 * a form never download it. Resolves true when EmailJS accepted the message; false when e-mail
 * is not configured or the service refused (the server copy is the safety net).
 */
export async function sendEmail(templateId: string, params: EmailParams): Promise<boolean> {
  if (!env.emailEnabled || templateId === '') return false;
  try {
    const { default: emailjs } = await import('@emailjs/browser');
    const res = await emailjs.send(env.emailjs.serviceId, templateId, params, {
      publicKey: env.emailjs.publicKey,
    });
    return res.status >= 200 && res.status < 300;
  } catch (err) {
    // Expected when EmailJS is down or over quota; the enquiry may still have reached the server.
    console.warn('EmailJS no aceptó el correo:', err);
    return false;
  }
}
