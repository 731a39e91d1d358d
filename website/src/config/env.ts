/**
 * The one reader of `import.meta.env`. Vite inlines these at build time, so every value is
 * public: only ids and public keys belong here, never a secret.
 */
const raw = import.meta.env;

function read(name: string): string {
  const value: unknown = raw[name];
  return typeof value === 'string' ? value.trim() : '';
}

const emailjs = {
  serviceId: read('VITE_EMAILJS_SERVICE_ID'),
  publicKey: read('VITE_EMAILJS_PUBLIC_KEY'),
  /** To the owner: a new reservation. */
  templateReserva: read('VITE_EMAILJS_TEMPLATE_RESERVA'),
  /** To the guest: a copy of what they asked for. */
  templateReservaCliente: read('VITE_EMAILJS_TEMPLATE_RESERVA_CLIENTE'),
  templateContacto: read('VITE_EMAILJS_TEMPLATE_CONTACTO'),
};

export const env = {
  /** API base without a trailing slash; `/api` when the server hosts the site. */
  apiUrl: (read('VITE_API_URL') || '/api').replace(/\/+$/, ''),
  emailjs,
  /** E-mail is sent only when the service and key are set; the server copy is always sent. */
  emailEnabled: emailjs.serviceId !== '' && emailjs.publicKey !== '',
};

if (raw.DEV && !env.emailEnabled) {
  // A hint for developers only: production builds stay silent.
  console.info(
    'EmailJS desactivado: faltan VITE_EMAILJS_SERVICE_ID y/o VITE_EMAILJS_PUBLIC_KEY. Las consultas solo llegan al servidor.',
  );
}
