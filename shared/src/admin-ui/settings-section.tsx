import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { OUTSIDE_PLATFORMS, OUTSIDE_PLATFORM_IDS, type OutsidePlatform } from '../domain/config/outside-rating';
import {
  SETTINGS_LIMITS,
  SOCIAL_NETWORKS,
  type Settings,
  type SettingsPatch,
  type Social,
  type SocialNetwork,
} from '../domain/schemas/settings';
import { whatsappLink } from '../domain/config/settings';
import { AMENITY_IDS, BED_TYPES, type AmenityId, type BedType } from '../domain/config/property-words';
import { PROPERTY_WORDS } from '../domain/config/property-words';
import { CANCELLATION_POLICIES, CANCELLATION_POLICY_IDS, type CancellationPolicyId } from '../domain/pricing/booking';
import { usePanel } from './panel-context';
import { usePanelCache, usePanelData } from './panel-data';
import { AlertMessage, StatusMessage } from './messages';
import { AdminField } from './admin-field';
import { useFieldErrorSubmit } from './use-field-error-submit';
import { PaymentsSettings } from './payments-settings';
import { StaySettings } from './stay-settings';

const NETWORKS = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];

/** What the form holds: every value as typed, social profiles by network (empty = not shown). */
interface Draft {
  name: string;
  tagline: string;
  phone: string;
  whatsappNumber: string;
  whatsappGreeting: string;
  email: string;
  address: string;
  mapUrl: string;
  rnt: string;
  opens: string;
  closes: string;
  hoursDisplay: string;
  socials: Record<SocialNetwork, string>;
  copPerUsd: string;
  minPeople: string;
  maxPeople: string;
  instantBooking: boolean;
  depositPercent: string;
  /** '' = on arrival. */
  balanceDueDays: string;
  cleaningFee: string;
  cancellationPolicy: CancellationPolicyId;
  checkInTime: string;
  checkOutTime: string;
  bankAccount: string;
  nequiNumber: string;
  daviplataNumber: string;
  /** '' = the admin account's e-mail. */
  notificationEmail: string;
  holdHours: string;
  requestExpiryDays: string;
  instantMaxNights: string;
  identityRetentionDays: string;
  sireHotelCode: string;
  sireCityCode: string;
  houseRules: string;
  /** The English versions for the English site (empty: it shows the Spanish ones). */
  taglineEn: string;
  whatsappGreetingEn: string;
  addressEn: string;
  hoursDisplayEn: string;
  /** The legal entity (issue 35). */
  legalName: string;
  nit: string;
  /** The rating on another platform: '' = none shown. */
  outsidePlatform: OutsidePlatform | '';
  outsideRating: string;
  outsideCount: string;
  outsideUrl: string;
  outsideReadOn: string;
  houseRulesEn: string;
  /** The house (issue 32): counts as typed, beds by type ('' or '0' = none), the amenities ticked. */
  bedrooms: string;
  bathrooms: string;
  beds: Record<BedType, string>;
  amenities: AmenityId[];
}
type TextKey = Exclude<
  keyof Draft,
  | 'socials'
  | 'instantBooking'
  | 'cancellationPolicy'
  | 'houseRules'
  | 'houseRulesEn'
  | 'beds'
  | 'amenities'
  | 'outsidePlatform'
>;

function draftOf(s: Settings): Draft {
  const socials = Object.fromEntries(NETWORKS.map((n) => [n, ''])) as Record<SocialNetwork, string>;
  for (const social of s.socials) socials[social.name] = social.url;
  return {
    name: s.name,
    tagline: s.tagline,
    phone: s.phone,
    whatsappNumber: s.whatsappNumber,
    whatsappGreeting: s.whatsappGreeting,
    email: s.email,
    address: s.address,
    mapUrl: s.mapUrl,
    rnt: s.rnt,
    opens: s.hours.opens,
    closes: s.hours.closes,
    hoursDisplay: s.hours.display,
    socials,
    copPerUsd: String(s.copPerUsd),
    minPeople: String(s.minPeople),
    maxPeople: String(s.maxPeople),
    instantBooking: s.instantBooking,
    depositPercent: String(s.depositPercent),
    balanceDueDays: s.balanceDueDays === null ? '' : String(s.balanceDueDays),
    cleaningFee: String(s.cleaningFee),
    cancellationPolicy: s.cancellationPolicy,
    checkInTime: s.checkInTime,
    checkOutTime: s.checkOutTime,
    bankAccount: s.bankAccount,
    nequiNumber: s.nequiNumber,
    daviplataNumber: s.daviplataNumber,
    notificationEmail: s.notificationEmail,
    holdHours: String(s.holdHours),
    requestExpiryDays: String(s.requestExpiryDays),
    instantMaxNights: String(s.instantMaxNights),
    identityRetentionDays: String(s.identityRetentionDays),
    sireHotelCode: s.sireHotelCode,
    sireCityCode: s.sireCityCode,
    houseRules: s.houseRules,
    taglineEn: s.taglineEn ?? '',
    whatsappGreetingEn: s.whatsappGreetingEn ?? '',
    addressEn: s.addressEn ?? '',
    hoursDisplayEn: s.hoursDisplayEn ?? '',
    legalName: s.legalName,
    nit: s.nit,
    outsidePlatform: s.outsideRating?.platform ?? '',
    outsideRating: s.outsideRating ? String(s.outsideRating.rating).replace('.', ',') : '',
    outsideCount: s.outsideRating ? String(s.outsideRating.count) : '',
    outsideUrl: s.outsideRating?.url ?? '',
    outsideReadOn: s.outsideRating?.readOn ?? '',
    houseRulesEn: s.houseRulesEn ?? '',
    bedrooms: String(s.property.bedrooms),
    bathrooms: String(s.property.bathrooms),
    beds: Object.fromEntries(BED_TYPES.map((t) => [t, String(s.property.beds[t] ?? 0)])) as Record<BedType, string>,
    amenities: [...s.property.amenities],
  };
}

/**
 * Reads a number as Colombians write it ("4.021", "4021,50"). Anything else goes as null and the
 * server, which owns the rules, answers with its message.
 */
function parseDecimalInput(raw: string): number | null {
  let t = raw.replace(/[\s$]/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) t = t.replace(/\./g, '');
  t = t.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** The patch sent: the whole form (the server checks the merged result and says what is wrong). */
function patchOf(d: Draft): { patch: SettingsPatch; socialOrder: SocialNetwork[] } {
  const socials: Social[] = [];
  for (const name of NETWORKS) {
    const url = d.socials[name].trim();
    if (url) socials.push({ name, url });
  }
  const patch = {
    name: d.name,
    tagline: d.tagline,
    phone: d.phone,
    whatsappNumber: d.whatsappNumber.replace(/[\s+-]/g, ''),
    whatsappGreeting: d.whatsappGreeting,
    email: d.email,
    address: d.address,
    mapUrl: d.mapUrl,
    rnt: d.rnt,
    hours: { opens: d.opens, closes: d.closes, display: d.hoursDisplay },
    socials,
    copPerUsd: parseDecimalInput(d.copPerUsd),
    minPeople: parseDecimalInput(d.minPeople),
    maxPeople: parseDecimalInput(d.maxPeople),
    instantBooking: d.instantBooking,
    depositPercent: parseDecimalInput(d.depositPercent),
    balanceDueDays: d.balanceDueDays.trim() === '' ? null : parseDecimalInput(d.balanceDueDays),
    cleaningFee: parseDecimalInput(d.cleaningFee),
    cancellationPolicy: d.cancellationPolicy,
    checkInTime: d.checkInTime,
    checkOutTime: d.checkOutTime,
    bankAccount: d.bankAccount,
    nequiNumber: d.nequiNumber.replace(/\s/g, ''),
    daviplataNumber: d.daviplataNumber.replace(/\s/g, ''),
    notificationEmail: d.notificationEmail,
    holdHours: parseDecimalInput(d.holdHours),
    requestExpiryDays: parseDecimalInput(d.requestExpiryDays),
    instantMaxNights: parseDecimalInput(d.instantMaxNights),
    identityRetentionDays: parseDecimalInput(d.identityRetentionDays),
    sireHotelCode: d.sireHotelCode,
    sireCityCode: d.sireCityCode,
    houseRules: d.houseRules,
    taglineEn: d.taglineEn,
    whatsappGreetingEn: d.whatsappGreetingEn,
    addressEn: d.addressEn,
    hoursDisplayEn: d.hoursDisplayEn,
    legalName: d.legalName,
    nit: d.nit,
    outsideRating: d.outsidePlatform
      ? {
          platform: d.outsidePlatform,
          rating: parseDecimalInput(d.outsideRating),
          count: parseDecimalInput(d.outsideCount),
          url: d.outsideUrl,
          readOn: d.outsideReadOn,
        }
      : null,
    houseRulesEn: d.houseRulesEn,
    property: {
      bedrooms: parseDecimalInput(d.bedrooms),
      bathrooms: parseDecimalInput(d.bathrooms),
      // A type left empty or at 0 is not in the house.
      beds: Object.fromEntries(
        BED_TYPES.flatMap((t) => {
          const raw = d.beds[t].trim();
          return raw === '' || raw === '0' ? [] : [[t, parseDecimalInput(raw)]];
        }),
      ),
      amenities: d.amenities,
    },
  } as SettingsPatch;
  return { patch, socialOrder: socials.map((s) => s.name) };
}

/** Server field keys ("hours.opens", "socials.1.url") → the form's own field keys. */
function formErrors(fields: Record<string, string>, socialOrder: SocialNetwork[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const social = /^socials\.(\d+)\./.exec(key);
    const name = social ? socialOrder[Number(social[1])] : undefined;
    const outside = /^outsideRating(?:\.(\w+))?$/.exec(key);
    const bed = /^property\.beds\.(\w+)/.exec(key);
    const mapped = name
      ? `social-${name}`
      : outside
        ? (OUTSIDE_FIELDS[outside[1] ?? 'platform'] ?? 'outsidePlatform')
        : bed
          ? `bed-${bed[1]}`
          : key.startsWith('property.')
            ? key.split('.')[1]!
            : key === 'hours.display'
              ? 'hoursDisplay'
              : key.startsWith('hours.')
                ? key.slice('hours.'.length)
                : key;
    out[mapped] ??= message;
  }
  return out;
}

/** The outside rating's server fields → the form's. */
const OUTSIDE_FIELDS: Record<string, string> = {
  platform: 'outsidePlatform',
  rating: 'outsideRating',
  count: 'outsideCount',
  url: 'outsideUrl',
  readOn: 'outsideReadOn',
};

const LABELS: Record<TextKey, string> = {
  name: 'Nombre del negocio',
  tagline: 'Frase de presentación',
  phone: 'Teléfono',
  whatsappNumber: 'Número de WhatsApp',
  whatsappGreeting: 'Mensaje inicial de WhatsApp',
  email: 'Correo electrónico',
  address: 'Dirección',
  mapUrl: 'Enlace del mapa',
  rnt: 'RNT (Registro Nacional de Turismo)',
  opens: 'Abre a las',
  closes: 'Cierra a las',
  hoursDisplay: 'Horario como lo leen los visitantes',
  copPerUsd: 'Pesos por dólar',
  minPeople: 'Mínimo de personas por reserva',
  maxPeople: 'Máximo de personas por reserva',
  depositPercent: 'Anticipo (% del total)',
  balanceDueDays: 'Días antes de la llegada para pagar el saldo',
  cleaningFee: 'Tarifa de limpieza por estadía (pesos)',
  checkInTime: 'Hora de llegada (check-in)',
  checkOutTime: 'Hora de salida (check-out)',
  bankAccount: 'Cuenta bancaria (banco, tipo, número y titular)',
  nequiNumber: 'Número de Nequi',
  daviplataNumber: 'Número de Daviplata',
  notificationEmail: 'Correo de avisos (a dónde te escribimos)',
  holdHours: 'Horas que se guardan las fechas esperando el anticipo',
  requestExpiryDays: 'Días que una solicitud espera tu respuesta',
  instantMaxNights: 'Noches como máximo de una reserva inmediata',
  identityRetentionDays: 'Días que se guardan los documentos de los huéspedes después de la salida',
  sireHotelCode: 'Código del establecimiento en el SIRE (Migración Colombia)',
  sireCityCode: 'Código DIVIPOLA de la ciudad para el SIRE',
  taglineEn: 'Frase de presentación (inglés, opcional)',
  whatsappGreetingEn: 'Mensaje inicial de WhatsApp (inglés, opcional)',
  addressEn: 'Dirección (inglés, opcional)',
  hoursDisplayEn: 'Horario como lo leen los visitantes (inglés, opcional)',
  legalName: 'Razón social (o tu nombre completo)',
  nit: 'NIT con dígito de verificación',
  outsideRating: 'Calificación',
  outsideCount: 'Número de reseñas',
  outsideUrl: 'Enlace del anuncio',
  outsideReadOn: 'Fecha en que la leíste',
  bedrooms: 'Habitaciones',
  bathrooms: 'Baños',
};

/** The panel's Spanish words for the beds and amenities: the same the Spanish pages show. */
const PROPERTY_ES = PROPERTY_WORDS.es;
const bedLabel = (t: BedType) => PROPERTY_ES.beds[t].other.replace('{n} ', '');

export function SettingsSection() {
  const id = useId();
  const loaded = usePanelData('getOwnerSettings');
  // The form starts from what the server holds now, once it has answered: not from the copy an
  // earlier section left in the cache, which another device may have changed since.
  const current = loaded.loading || loaded.error ? null : loaded.data;
  return (
    <section className="adm-section" id="adm-ajustes" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} tabIndex={-1}>
        Ajustes del negocio
      </h2>
      <p className="adm-muted">
        Lo que los visitantes leen en todas las páginas. Al guardar, la próxima visita ya muestra los cambios.
      </p>
      {current ? <SettingsForm initial={current} /> : <p>{loaded.error ?? 'Cargando ajustes…'}</p>}
      {current ? <StaySettings initial={current} /> : null}
      <PaymentsSettings />
    </section>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { api, settingsSaved } = usePanel();
  const cache = usePanelCache();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const { formRef, busy, alert, status, setStatus, fieldErrors: errors, submit } = useFieldErrorSubmit();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setStatus(null);
  };

  // "Primeros pasos" links to a field (`ajustes#rnt`): it is focused once the form is there.
  const { hash } = useLocation();
  useEffect(() => {
    const name = decodeURIComponent(hash.slice(1));
    if (!/^\w+$/.test(name)) return;
    const section = formRef.current?.closest('section');
    const target = section?.querySelector<HTMLElement>(`[name="${name}"], [data-ajuste="${name}"]`);
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [hash, formRef]);

  const { patch, socialOrder } = patchOf(draft);
  const save = async () => {
    const saved = await api.updateSettings(patch);
    setDraft(draftOf(saved));
    // Precio (the dollar hint) and Consultas (the replies' signature) read them too.
    cache.set('getOwnerSettings', saved);
    settingsSaved?.(saved);
    return 'Ajustes guardados. El sitio ya muestra los nuevos datos.';
  };
  const refused = (message: string, fields: Record<string, string>) => {
    const count = Object.keys(fields).length;
    return count > 1 ? `No se guardó nada: revisa los ${count} campos marcados.` : `No se guardó nada: ${message}`;
  };

  const field = (
    key: TextKey,
    opts: {
      type?: string;
      hint?: string;
      inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url';
      max?: number;
    } = {},
  ) => (
    <AdminField
      id={`${id}-${key}`}
      label={LABELS[key]}
      error={errors[key]}
      hint={opts.hint}
      name={key}
      type={opts.type ?? 'text'}
      inputMode={opts.inputMode}
      maxLength={opts.max ?? 500}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );

  const textarea = (key: 'houseRules' | 'houseRulesEn', label: string) => (
    <div className="adm-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <textarea
        id={`${id}-${key}`}
        name={key}
        rows={6}
        maxLength={SETTINGS_LIMITS.houseRulesMax}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${id}-${key}-error`}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
      />
      <span className="adm-field-error" id={`${id}-${key}-error`}>
        {errors[key]}
      </span>
    </div>
  );

  const preview = whatsappLink({
    whatsappNumber: draft.whatsappNumber.replace(/[\s+-]/g, ''),
    whatsappGreeting: draft.whatsappGreeting,
  });

  return (
    <>
      {
        <form
          ref={formRef}
          className="adm-settings"
          onSubmit={(e) =>
            void submit(e, save, { fieldErrors: (fields) => formErrors(fields, socialOrder), alert: refused })
          }
          aria-busy={busy}
          noValidate
        >
          <fieldset>
            <legend>Contacto</legend>
            {field('name', { max: SETTINGS_LIMITS.nameMax })}
            {field('tagline', { max: SETTINGS_LIMITS.taglineMax })}
            {field('phone', {
              type: 'tel',
              inputMode: 'tel',
              hint: 'Como lo leen los visitantes, con indicativo: +57 300 555 0142.',
            })}
            {field('whatsappNumber', {
              inputMode: 'numeric',
              hint: 'Solo dígitos, con el indicativo del país y sin +: 573005550142.',
            })}
            {field('whatsappGreeting', { max: SETTINGS_LIMITS.greetingMax })}
            <p className="adm-hint" data-testid="adm-whatsapp-preview">
              Vista previa del enlace:{' '}
              <a href={preview} target="_blank" rel="noopener noreferrer">
                {preview}
              </a>
            </p>
            {field('email', {
              type: 'email',
              inputMode: 'email',
              max: SETTINGS_LIMITS.emailMax,
              hint: 'El correo público que ven los visitantes. Los avisos de reservas no van aquí.',
            })}
            {field('notificationEmail', {
              type: 'email',
              inputMode: 'email',
              max: SETTINGS_LIMITS.emailMax,
              hint: draft.notificationEmail.trim()
                ? `Los avisos de reservas, comprobantes y pagos llegan a ${draft.notificationEmail.trim()}.`
                : 'Vacío: los avisos de reservas, comprobantes y pagos llegan al correo con el que entras al panel.',
            })}
            {field('address', { max: SETTINGS_LIMITS.addressMax })}
            {field('mapUrl', { type: 'url', inputMode: 'url', hint: 'Un enlace https de Google Maps u otro mapa.' })}
            {field('rnt', { inputMode: 'numeric', hint: 'Solo dígitos.' })}
            {field('sireHotelCode', {
              inputMode: 'numeric',
              hint: 'El que asigna el SIRE al inscribir el alojamiento; va en la primera columna del archivo.',
            })}
            {field('sireCityCode', {
              inputMode: 'numeric',
              hint: '5 dígitos del DANE: 70820 Santiago de Tolú, 70221 Coveñas.',
            })}
            {field('identityRetentionDays', {
              inputMode: 'numeric',
              hint: 'Ley 1581: pasado ese plazo se borran los documentos; quedan el número de huéspedes y los códigos de MinCIT.',
            })}
          </fieldset>
          <fieldset>
            <legend>Datos legales</legend>
            <p className="adm-hint">
              Salen en el pie de todas las páginas, en las condiciones y en la política de datos (responsable del
              tratamiento).
            </p>
            {field('legalName', { max: SETTINGS_LIMITS.legalNameMax })}
            {field('nit', { hint: 'Como aparece en el RUT, con el dígito de verificación: 901.555.014-3.' })}
          </fieldset>
          <fieldset>
            <legend>Calificación en otra plataforma</legend>
            <p className="adm-hint">
              La que tu anuncio tiene en Airbnb o Booking.com, tal como la lees allí. La página de inicio la muestra con
              el nombre de la plataforma, el número de reseñas, el mes y un enlace al anuncio; nunca como propia.
            </p>
            <div className="adm-field">
              <label htmlFor={`${id}-outsidePlatform`}>Plataforma</label>
              <select
                id={`${id}-outsidePlatform`}
                name="outsidePlatform"
                value={draft.outsidePlatform}
                onChange={(e) => set('outsidePlatform', e.target.value as OutsidePlatform | '')}
              >
                <option value="">Ninguna (no mostrar)</option>
                {OUTSIDE_PLATFORM_IDS.map((p) => (
                  <option key={p} value={p}>
                    {OUTSIDE_PLATFORMS[p].name}
                  </option>
                ))}
              </select>
              <span className="adm-field-error">{errors.outsidePlatform}</span>
            </div>
            {draft.outsidePlatform && (
              <>
                {field('outsideRating', {
                  inputMode: 'decimal',
                  hint: `De 1 a ${OUTSIDE_PLATFORMS[draft.outsidePlatform].scale}, como la muestra ${OUTSIDE_PLATFORMS[draft.outsidePlatform].name}.`,
                })}
                {field('outsideCount', { inputMode: 'numeric' })}
                {field('outsideUrl', {
                  type: 'url',
                  inputMode: 'url',
                  hint: `El enlace https de tu anuncio en ${OUTSIDE_PLATFORMS[draft.outsidePlatform].hosts[0]}.`,
                })}
                {field('outsideReadOn', { type: 'date', hint: 'No puede ser posterior a hoy.' })}
              </>
            )}
          </fieldset>
          <fieldset>
            <legend>Sitio en inglés</legend>
            <p className="adm-hint">Vacío: las páginas en inglés muestran el texto en español.</p>
            {field('taglineEn', { max: SETTINGS_LIMITS.taglineMax })}
            {field('whatsappGreetingEn', { max: SETTINGS_LIMITS.greetingMax })}
            {field('addressEn', { max: SETTINGS_LIMITS.addressMax })}
            {field('hoursDisplayEn', { max: SETTINGS_LIMITS.hoursMax })}
          </fieldset>
          <fieldset>
            <legend>Horario</legend>
            {field('opens', { type: 'time' })}
            {field('closes', { type: 'time' })}
            {field('hoursDisplay', {
              max: SETTINGS_LIMITS.hoursMax,
              hint: 'Por ejemplo: Todos los días, de 8:00 a. m. a 8:00 p. m.',
            })}
          </fieldset>
          <fieldset>
            <legend>Redes sociales</legend>
            <p className="adm-hint">Deja vacío el enlace de una red para no mostrarla.</p>
            {NETWORKS.map((network) => (
              <AdminField
                key={network}
                id={`${id}-social-${network}`}
                label={network}
                error={errors[`social-${network}`]}
                name={`social-${network}`}
                type="url"
                inputMode="url"
                maxLength={SETTINGS_LIMITS.urlMax}
                placeholder={`https://${SOCIAL_NETWORKS[network][0]}/…`}
                value={draft.socials[network]}
                onChange={(e) => set('socials', { ...draft.socials, [network]: e.target.value })}
              />
            ))}
            {errors.socials && <p className="adm-field-error">{errors.socials}</p>}
          </fieldset>
          <fieldset>
            <legend>Moneda y grupos</legend>
            {field('copPerUsd', {
              inputMode: 'decimal',
              hint: 'Tasa de referencia para mostrar los precios en dólares; el pago se acuerda en pesos.',
            })}
            {field('minPeople', { inputMode: 'numeric' })}
            {field('maxPeople', {
              inputMode: 'numeric',
              hint: `La cabaña admite hasta ${SETTINGS_LIMITS.peopleMax} personas.`,
            })}
          </fieldset>
          <fieldset>
            <legend>Reservas</legend>
            <div className="adm-field">
              {/* A switch (issue 33): the control and its words on one line, its state said in words too. */}
              <label className="adm-switch">
                <input
                  type="checkbox"
                  role="switch"
                  name="instantBooking"
                  checked={draft.instantBooking}
                  onChange={(e) => set('instantBooking', e.target.checked)}
                />
                <span className="adm-switch-text">
                  Aceptar al instante las solicitudes de noches libres (reserva inmediata)
                  <span className="adm-muted" aria-hidden="true">
                    {draft.instantBooking ? ' · Activada' : ' · Desactivada'}
                  </span>
                </span>
              </label>
              <span className="adm-field-error">{errors.instantBooking}</span>
            </div>
            {field('depositPercent', { inputMode: 'numeric' })}
            {field('balanceDueDays', { inputMode: 'numeric', hint: 'Vacío: el saldo se paga a la llegada.' })}
            {field('cleaningFee', { inputMode: 'numeric' })}
            {field('holdHours', { inputMode: 'numeric', hint: 'Entre 1 y 168 horas (7 días).' })}
            {field('requestExpiryDays', {
              inputMode: 'numeric',
              hint: 'Entre 1 y 60 días. Pasado ese plazo, o pasada la fecha de entrada, la solicitud vence y se le avisa al huésped.',
            })}
            {field('instantMaxNights', {
              inputMode: 'numeric',
              hint: 'Una estadía más larga llega como solicitud y la aceptas tú.',
            })}
            <div className="adm-field">
              <label htmlFor={`${id}-cancellationPolicy`}>Política de cancelación</label>
              <select
                id={`${id}-cancellationPolicy`}
                name="cancellationPolicy"
                value={draft.cancellationPolicy}
                aria-describedby={`${id}-cancellationPolicy-hint`}
                onChange={(e) => set('cancellationPolicy', e.target.value as CancellationPolicyId)}
              >
                {CANCELLATION_POLICY_IDS.map((p) => (
                  <option key={p} value={p}>
                    {CANCELLATION_POLICIES[p].name}
                  </option>
                ))}
              </select>
              <span className="adm-hint" id={`${id}-cancellationPolicy-hint`}>
                {CANCELLATION_POLICIES[draft.cancellationPolicy].rules.join(' ')}
              </span>
              <span className="adm-field-error">{errors.cancellationPolicy}</span>
            </div>
            {field('checkInTime', { type: 'time' })}
            {field('checkOutTime', { type: 'time' })}
            {field('bankAccount', { max: SETTINGS_LIMITS.bankAccountMax })}
            {field('nequiNumber', { inputMode: 'numeric', hint: '10 dígitos, o vacío.' })}
            {field('daviplataNumber', { inputMode: 'numeric', hint: '10 dígitos, o vacío.' })}
            {textarea('houseRules', 'Normas de la casa (una por línea)')}
            {textarea('houseRulesEn', 'Normas de la casa en inglés (una por línea, opcional)')}
          </fieldset>
          <fieldset data-testid="adm-casa">
            <legend>La casa</legend>
            <p className="adm-hint">
              Lo que las páginas de inicio y de planes dicen de la casa, en español y en inglés.
            </p>
            {field('bedrooms', { inputMode: 'numeric', max: 3 })}
            {field('bathrooms', { inputMode: 'numeric', max: 3 })}
            {BED_TYPES.map((t) => (
              <AdminField
                key={t}
                id={`${id}-bed-${t}`}
                label={`Número de ${bedLabel(t)}`}
                error={errors[`bed-${t}`]}
                name={`bed-${t}`}
                type="text"
                inputMode="numeric"
                maxLength={3}
                value={draft.beds[t]}
                onChange={(e) => set('beds', { ...draft.beds, [t]: e.target.value })}
              />
            ))}
            <fieldset className="adm-checks" aria-describedby={`${id}-amenities-error`}>
              <legend>Comodidades</legend>
              {AMENITY_IDS.map((a) => (
                <label key={a}>
                  <input
                    type="checkbox"
                    name="amenities"
                    value={a}
                    checked={draft.amenities.includes(a)}
                    onChange={(e) =>
                      set(
                        'amenities',
                        e.target.checked ? [...draft.amenities, a] : draft.amenities.filter((x) => x !== a),
                      )
                    }
                  />{' '}
                  {PROPERTY_ES.amenities[a]}
                </label>
              ))}
              <span className="adm-field-error" id={`${id}-amenities-error`}>
                {errors.amenities}
              </span>
            </fieldset>
          </fieldset>
          <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
            {busy ? 'Guardando…' : 'Guardar ajustes'}
          </button>
        </form>
      }
      <AlertMessage text={alert} />
      <StatusMessage text={status} />
    </>
  );
}
