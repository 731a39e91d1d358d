import { ContactInputSchema, type EnquiryInput } from '@cabana/shared/domain/schemas/enquiry';
import { env } from '../../config/env';
import { businessEmailParams } from '../../lib/emailjs';
import { sendEnquiry } from '../../lib/send-enquiry';
import type { FormChecks } from '../../lib/use-enquiry-form';
import { fieldErrorsOf } from '../../lib/validation';
import type { ContactValues } from './contact-form';

/** The contact form's checks (the server's schema) and e-mail, loaded with zod when first used. */
export const contactChecks: FormChecks<ContactValues, EnquiryInput> = {
  send: sendEnquiry,
  validate: (v, formToken) => {
    const parsed = ContactInputSchema.safeParse({ type: 'contacto', ...v, formToken });
    return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error) };
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
};
