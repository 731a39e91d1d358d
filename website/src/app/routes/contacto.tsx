import { useI18n } from '../../i18n/i18n';
import { Island } from '../../islands/island';
import ContactForm from '../../islands/contact-form';
import { ContactInfo } from '../../features/contact/contact-info';

export default function ContactoRoute() {
  const { m } = useI18n();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{m.contact.title}</h1>
          <p className="page__lead">{m.contact.lead}</p>
        </div>
      </div>
      <div className="container contact-layout">
        <ContactInfo />
        <Island name="contact-form" component={ContactForm} props={{}} groups={['contact', 'form', 'errors']} data />
      </div>
    </main>
  );
}
