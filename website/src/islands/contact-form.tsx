/** /contacto's island: the form (the contact details beside it are the server's markup). */
export { ContactForm as default } from '../features/contact/contact-form';
