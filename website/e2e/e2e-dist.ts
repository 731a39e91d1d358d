import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The site built for browser tests (by global-setup.ts), with the test EmailJS ids below. Its
 * server build is `${E2E_DIST}-server/render.js`, where the server looks by default.
 */
export const E2E_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist-e2e');

/** Fake EmailJS settings baked into the e2e build; tests intercept https://api.emailjs.com. */
export const E2E_EMAILJS = {
  VITE_EMAILJS_SERVICE_ID: 'service_e2e',
  VITE_EMAILJS_PUBLIC_KEY: 'public_key_e2e',
  VITE_EMAILJS_TEMPLATE_RESERVA: 'template_reserva_e2e',
  VITE_EMAILJS_TEMPLATE_RESERVA_CLIENTE: 'template_reserva_cliente_e2e',
  VITE_EMAILJS_TEMPLATE_CONTACTO: 'template_contacto_e2e',
} as const;
