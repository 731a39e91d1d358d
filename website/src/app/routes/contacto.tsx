import { ContactForm } from '../../features/contact/contact-form';
import { ContactInfo } from '../../features/contact/contact-info';

export default function ContactoRoute() {
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">Contacto</h1>
          <p className="page__lead">¿Tienes preguntas sobre la cabaña, fechas o servicios? Escríbenos.</p>
        </div>
      </div>
      <div className="container contact-layout">
        <ContactInfo />
        <ContactForm />
      </div>
    </main>
  );
}
