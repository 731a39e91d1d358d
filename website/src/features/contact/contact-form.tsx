import { whatsappUrl } from '@cabana/shared/config/business';
import { LIMITS } from '@cabana/shared/config/limits';
import { EnquiryFormFooter } from '../../components/form/enquiry-form-footer';
import { TextAreaField, TextField } from '../../components/form/field';
import { useEnquiryForm } from '../../lib/use-enquiry-form';

export const CONTACT_SUCCESS = '¡Gracias por tu mensaje! Te responderemos muy pronto.';
export const CONTACT_FAILURE =
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
  const form = useEnquiryForm<ContactValues>({
    initial: INITIAL,
    fieldOrder: ORDER,
    loadChecks: () => import('./contact-submit').then((m) => m.contactChecks),
    successText: CONTACT_SUCCESS,
    failureText: CONTACT_FAILURE,
  });
  const { values, errors, status, sending } = form;

  return (
    <form
      ref={form.formRef}
      className="form card"
      noValidate
      onSubmit={form.onSubmit}
      onFocus={form.prepare}
      aria-labelledby="mensaje-titulo"
      aria-busy={sending}
    >
      <h2 id="mensaje-titulo" className="form__title">
        Envíanos un mensaje
      </h2>
      <p className="form__intro">
        Los campos con <span aria-hidden="true">*</span>
        <span className="visually-hidden">asterisco</span> son obligatorios.
      </p>
      <TextField
        id="name"
        label="Nombre"
        required
        autoComplete="name"
        maxLength={LIMITS.nameMax}
        value={values.name}
        error={errors.name}
        onChange={(e) => form.set('name', e.target.value)}
      />
      <TextField
        id="email"
        label="Correo electrónico"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.emailMax}
        value={values.email}
        error={errors.email}
        onChange={(e) => form.set('email', e.target.value)}
      />
      <TextAreaField
        id="message"
        label="Mensaje"
        required
        rows={5}
        maxLength={LIMITS.messageMax}
        value={values.message}
        error={errors.message}
        onChange={(e) => form.set('message', e.target.value)}
      />
      <EnquiryFormFooter
        consentId="consent-contacto"
        consent={values.consent}
        consentError={errors.consent}
        onConsentChange={(c) => form.set('consent', c)}
        honeypot={values.website}
        onHoneypotChange={(v) => form.set('website', v)}
        sending={sending}
        submitLabel="Enviar mensaje"
        submitClassName="button--primary"
        status={status}
        whatsapp={{
          href: whatsappUrl(`Hola, soy ${values.name || 'un visitante'}. ${values.message}`.trim()),
          label: 'Escribir por WhatsApp',
        }}
      />
    </form>
  );
}
