import { ContactInputSchema, type EnquiryInput } from '@cabana/shared/domain/schemas/enquiry';
import { env } from '../../config/env';
import { businessEmailParams } from '../../lib/emailjs';
import { sendEnquiry } from '../../lib/send-enquiry';
import type { FormChecks } from '../../lib/use-enquiry-form';
import type { I18n } from '../../i18n/i18n';
import { fieldErrorsOf } from '../../lib/validation';
import type { ContactValues } from './contact-form';

/** The contact form's checks (the server's schema) and e-mail in the page's language, loaded with zod when first used. */
export const contactChecks = (i: Pick<I18n, 'lang' | 'm' | 't'>): FormChecks<ContactValues, EnquiryInput> => ({
  send: (input, emails) => sendEnquiry(input, emails, i),
  checkFields: i.m.form.checkFields,
  validate: (v, formToken) => {
    const parsed = ContactInputSchema.safeParse({ type: 'contacto', ...v, formToken });
    return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error, i) };
  },
  emails: (input, settings) => [
    {
      templateId: env.emailjs.templateContacto,
      params: {
        tipo: 'Contacto',
        name: input.name,
        email: input.email,
        reply_to: input.email,
        message: input.message,
        ...businessEmailParams(settings),
      },
      required: true,
    },
  ],
});
