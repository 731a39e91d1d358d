import { whatsappUrl } from '@cabana/shared/config/business';
import { ContactInputSchema } from '@cabana/shared/schemas/enquiry';
import { EnquiryFormFrame } from '../../components/form/enquiry-form-frame';
import { PersonFields } from '../../components/form/person-fields';
import { env } from '../../config/env';
import { useEnquiryForm } from '../../lib/use-enquiry-form';
import { fieldErrorsOf } from '../../lib/validation';

export const CONTACT_SUCCESS = '¡Gracias por tu mensaje! Te responderemos muy pronto.';
export const CONTACT_FAILURE =
  'No pudimos enviar tu mensaje. Sigue en el formulario: inténtalo de nuevo en unos minutos o escríbenos por WhatsApp.';

interface Values extends Record<string, unknown> {
  name: string;
  email: string;
  message: string;
  consent: boolean;
  website: string;
}

const INITIAL: Values = { name: '', email: '', message: '', consent: false, website: '' };
const ORDER = ['name', 'email', 'message', 'consent'] as const;

export function ContactForm() {
  const form = useEnquiryForm<Values>({
    initial: INITIAL,
    fieldOrder: ORDER,
    validate: (v, formToken) => {
      const parsed = ContactInputSchema.safeParse({ type: 'contacto', ...v, formToken });
      return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error) };
    },
    emails: (input) => [
      {
        templateId: env.emailjs.templateContacto,
        params: {
          tipo: 'Contacto',
          name: input.name,
          email: input.email,
          reply_to: input.email,
          message: input.message,
        },
        required: true,
      },
    ],
    successText: CONTACT_SUCCESS,
    failureText: CONTACT_FAILURE,
  });
  const { values, errors } = form;

  return (
    <EnquiryFormFrame
      form={form}
      title="Envíanos un mensaje"
      titleId="mensaje-titulo"
      message={{ label: 'Mensaje', required: true, rows: 5 }}
      consentId="consent-contacto"
      submitLabel="Enviar mensaje"
      submitClassName="button--primary"
      whatsapp={{
        href: whatsappUrl(`Hola, soy ${values.name || 'un visitante'}. ${values.message}`.trim()),
        label: 'Escribir por WhatsApp',
      }}
    >
      <PersonFields fields={['name', 'email']} values={values} errors={errors} onChange={form.set} />
    </EnquiryFormFrame>
  );
}
