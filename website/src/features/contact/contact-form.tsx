import type { EnquiryInput } from '@cabana/shared/domain/schemas/enquiry';
import { useI18n } from '../../i18n/i18n';
import { whatsappLink } from '@cabana/shared/domain/config/settings';
import { EnquiryFormFrame } from '../../components/form/enquiry-form-frame';
import { PersonFields } from '../../components/form/person-fields';
import { useSettings } from '../../lib/page-data';
import { useEnquiryForm } from '../../lib/use-enquiry-form';

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
  const i18n = useI18n();
  const { m: all, t } = i18n;
  const m = all.contact;
  const form = useEnquiryForm<ContactValues, EnquiryInput>({
    initial: INITIAL,
    fieldOrder: ORDER,
    loadChecks: () => import('./contact-submit').then((c) => c.contactChecks(i18n)),
    success: m.success,
    failureText: m.failure,
  });
  const { values, errors } = form;

  return (
    <EnquiryFormFrame
      form={form}
      title={m.formTitle}
      titleId="mensaje-titulo"
      message={{ label: m.message, required: true, rows: 5 }}
      consentId="consent-contacto"
      submitLabel={m.submit}
      submitClassName="button--primary"
      whatsapp={{
        href: whatsappLink(
          settings,
          t(m.whatsappText, { name: values.name || m.visitor, message: values.message }).trim(),
        ),
        label: m.whatsapp,
      }}
    >
      <PersonFields fields={['name', 'email']} values={values} errors={errors} onChange={form.set} />
    </EnquiryFormFrame>
  );
}
