import type { EnquiryInput } from '@cabana/shared/schemas/enquiry';
import { whatsappLink } from '@cabana/shared/config/settings';
import { EnquiryFormFrame } from '../../components/form/enquiry-form-frame';
import { PersonFields } from '../../components/form/person-fields';
import { useSettings } from '../../lib/page-data';
import { useEnquiryForm } from '../../lib/use-enquiry-form';

const CONTACT_SUCCESS = '¡Gracias por tu mensaje! Te responderemos muy pronto.';
const CONTACT_FAILURE =
  'No pudimos enviar tu mensaje. Sigue en el formulario: inténtalo de nuevo en unos minutos o escríbenos por WhatsApp.';

export interface ContactValues extends Record<string, unknown> {
  name: string;
  email: string;
  message: string;
  consent: boolean;
  website: string;
}

const INITIAL: ContactValues = { name: '', email: '', message: '', consent: false, website: '' };
const ORDER = ['name', 'email', 'message', 'consent'] as const;

export function ContactForm() {
  const settings = useSettings();
  const form = useEnquiryForm<ContactValues, EnquiryInput>({
    initial: INITIAL,
    fieldOrder: ORDER,
    loadChecks: () => import('./contact-submit').then((m) => m.contactChecks),
    success: CONTACT_SUCCESS,
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
        href: whatsappLink(settings, `Hola, soy ${values.name || 'un visitante'}. ${values.message}`.trim()),
        label: 'Escribir por WhatsApp',
      }}
    >
      <PersonFields fields={['name', 'email']} values={values} errors={errors} onChange={form.set} />
    </EnquiryFormFrame>
  );
}
