import type { Settings } from '../schemas/settings';
import { DEFAULT_SETTINGS } from './settings';

/**
 * What of a fresh install is still the sample (issue 35): the one place that decides it, from the
 * fresh-install values (`DEFAULT_SETTINGS`, i.e. business.ts and setting-defaults.ts) and the
 * photos the seed published (marked `sample`). The panel's "Primeros pasos" lists these; each goes
 * once the owner changes it.
 */
export interface FirstStep {
  key: 'fotos' | 'correo' | 'avisos' | 'telefono' | 'pagos' | 'rnt' | 'nit' | 'normas' | 'wompi';
  /** What to do, in the owner's words. */
  text: string;
  /** Where it is changed: a panel section, with the settings field to focus after `#`. */
  to: string;
}

export interface FirstStepsInput {
  settings: Omit<Settings, 'property'>;
  /** Published photos the seed put there and the owner has not deleted. */
  samplePhotos: number;
  /** Wompi's keys on the server: none, test keys or real ones. */
  paymentMode: 'sandbox' | 'production' | null;
}

/** Whether a setting still holds the fresh install's value. */
export const isSampleSetting = <K extends keyof typeof DEFAULT_SETTINGS>(s: typeof DEFAULT_SETTINGS, key: K): boolean =>
  JSON.stringify(s[key]) === JSON.stringify(DEFAULT_SETTINGS[key]);

export function firstSteps({ settings: s, samplePhotos, paymentMode }: FirstStepsInput): FirstStep[] {
  const steps: FirstStep[] = [];
  const sample = (key: keyof typeof DEFAULT_SETTINGS) => isSampleSetting(s, key);
  if (samplePhotos > 0)
    steps.push({
      key: 'fotos',
      text: `Cambia ${samplePhotos === 1 ? 'la foto de muestra' : `las ${samplePhotos} fotos de muestra`} (ilustraciones que vienen con la instalación, no la cabaña) por fotos reales.`,
      to: 'fotos',
    });
  if (sample('email'))
    steps.push({
      key: 'correo',
      text: `Escribe tu correo de contacto (el de muestra es ${s.email}).`,
      to: 'ajustes#email',
    });
  if (sample('notificationEmail'))
    steps.push({
      key: 'avisos',
      text: 'Elige a qué correo llegan los avisos de reservas y pagos.',
      to: 'ajustes#notificationEmail',
    });
  if (sample('phone') || sample('whatsappNumber'))
    steps.push({
      key: 'telefono',
      text: `Escribe tu teléfono y tu WhatsApp (los de muestra son ${DEFAULT_SETTINGS.phone}).`,
      to: sample('phone') ? 'ajustes#phone' : 'ajustes#whatsappNumber',
    });
  if (sample('bankAccount') && sample('nequiNumber') && sample('daviplataNumber'))
    steps.push({
      key: 'pagos',
      text: 'Escribe cómo te pagan los huéspedes: cuenta bancaria, Nequi o Daviplata.',
      to: 'ajustes#bankAccount',
    });
  if (sample('rnt')) steps.push({ key: 'rnt', text: `Escribe tu RNT (el de muestra es ${s.rnt}).`, to: 'ajustes#rnt' });
  if (sample('nit') || sample('legalName'))
    steps.push({
      key: 'nit',
      text: `Escribe tu razón social y tu NIT (los de muestra son ${DEFAULT_SETTINGS.legalName}, ${DEFAULT_SETTINGS.nit}).`,
      to: sample('legalName') ? 'ajustes#legalName' : 'ajustes#nit',
    });
  if (sample('houseRules'))
    steps.push({
      key: 'normas',
      text: 'Revisa las normas de la casa (hoy son las de muestra).',
      to: 'ajustes#houseRules',
    });
  if (paymentMode === 'sandbox')
    steps.push({
      key: 'wompi',
      text: 'Los pagos en línea usan llaves de prueba de Wompi: ningún pago es real hasta que pongas las de producción en el servidor.',
      to: 'ajustes#wompi',
    });
  return steps;
}
