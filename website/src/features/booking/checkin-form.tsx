import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  GUEST_FIELDS,
  type GuestIdentity,
} from '@cabana/shared/domain/schemas/registration';
import { NATIONALITIES } from '@cabana/shared/domain/config/nationalities';
import { useI18n } from '../../i18n/i18n';
import { api } from '../../lib/api';
import { useSettings } from '../../lib/page-data';
import { queryParam } from '../../lib/query-param';
import { FormStatus } from '../../components/form/form-status';
import { actionError } from './guest-actions';

type Lang = 'es' | 'en';
type Draft = Record<keyof GuestIdentity, string>;
const FIELDS = GUEST_FIELDS;
const EMPTY: Draft = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Draft;

/** The form's words in both languages: they travel with the form's own code, not the page's. */
const WORDS = {
  es: {
    guest: (n: number) => (n === 1 ? 'Huésped principal' : `Acompañante ${n - 1}`),
    companionsOptional:
      'Puedes guardar ahora y completar a los acompañantes después; el registro queda completo cuando están todos.',
    labels: {
      firstNames: 'Nombres',
      lastNames: 'Apellidos',
      documentType: 'Tipo de documento',
      documentNumber: 'Número de documento',
      nationality: 'Nacionalidad',
      birthDate: 'Fecha de nacimiento',
      residenceCity: 'Ciudad de residencia',
      originCity: 'Ciudad de procedencia (de dónde viaja)',
      destinationCity: 'Ciudad de destino (a dónde va después)',
    },
    why: {
      firstNames: 'Los pide la Tarjeta de Registro de Alojamiento (TRA) de MinCIT, tal como en el documento.',
      lastNames: 'Los pide la TRA; a los extranjeros también Migración Colombia (SIRE).',
      documentType: 'La TRA y el SIRE identifican a cada huésped por su documento.',
      documentNumber: 'Sin puntos ni espacios, como aparece en el documento.',
      nationality: 'Migración Colombia exige reportar a los huéspedes extranjeros (SIRE).',
      birthDate: 'La piden el SIRE para extranjeros y la ley para saber si un huésped es menor de edad.',
      residenceCity: 'La pide la TRA (estadística de turismo de MinCIT).',
      originCity: 'La pide la TRA: de dónde viene a la cabaña.',
      destinationCity: 'Solo para extranjeros: el SIRE pide a dónde va al salir.',
    },
    choose: 'Elige…',
    optional: ' (opcional)',
    consentTitle: 'Tus datos (Ley 1581 de 2012)',
    consentText: (days: number) =>
      `Usamos estos datos solo para cumplir el registro que exige la ley: los enviamos a MinCIT (Tarjeta de Registro de Alojamiento) y, si eres extranjero, los reportamos a Migración Colombia (SIRE). No los usamos para nada más ni los compartimos con nadie más. Borramos los documentos de identidad ${days} días después de la salida; puedes consultarlos y corregirlos en esta página hasta el día de salida, o escribirnos para hacerlo. No pedimos fotos de documentos.`,
    consent: 'Autorizo el tratamiento de estos datos para el registro de huéspedes, como se explica arriba.',
    consentMissing: 'Marca la autorización para enviar el registro.',
    mainMissing: 'Completa todos los datos del huésped principal.',
    partial: (n: number) =>
      `Completa todos los datos del ${n === 1 ? 'huésped principal' : `acompañante ${n - 1}`} o deja sus campos vacíos.`,
    save: 'Guardar registro',
    saving: 'Guardando…',
    saved: 'Registro guardado.',
    savedComplete: 'Registro guardado: todos los huéspedes quedaron registrados.',
    loading: 'Cargando el registro…',
    privacy: 'Política de privacidad',
  },
  en: {
    guest: (n: number) => (n === 1 ? 'Main guest' : `Companion ${n - 1}`),
    companionsOptional:
      'You may save now and add your companions later; the registration is complete once everyone is in.',
    labels: {
      firstNames: 'First names',
      lastNames: 'Last names',
      documentType: 'Document type',
      documentNumber: 'Document number',
      nationality: 'Nationality',
      birthDate: 'Date of birth',
      residenceCity: 'City of residence',
      originCity: 'City you travel from',
      destinationCity: 'City you go to next',
    },
    why: {
      firstNames: "Required by MinCIT's lodging registration card (TRA), as on the document.",
      lastNames: 'Required by the TRA; for foreigners, also by Migración Colombia (SIRE).',
      documentType: 'The TRA and SIRE identify each guest by their document.',
      documentNumber: 'Without dots or spaces, as on the document.',
      nationality: 'Migración Colombia requires us to report foreign guests (SIRE).',
      birthDate: 'Required by SIRE for foreigners, and by law to know whether a guest is a minor.',
      residenceCity: "Required by the TRA (MinCIT's tourism statistics).",
      originCity: 'Required by the TRA: where you travel from.',
      destinationCity: 'Foreigners only: SIRE asks where you go after your stay.',
    },
    choose: 'Choose…',
    optional: ' (optional)',
    consentTitle: 'Your data (Colombian Law 1581 of 2012)',
    consentText: (days: number) =>
      `We use these details only for the registration the law requires: we send them to MinCIT (lodging registration card, TRA) and, for foreign guests, report them to Migración Colombia (SIRE). We use them for nothing else and share them with no one else. We delete identity documents ${days} days after check-out; you can see and correct them on this page until the day of departure, or write to us to do so. We never ask for photos of documents.`,
    consent: 'I authorize the processing of these details for the guest registration, as explained above.',
    consentMissing: 'Tick the authorization to send the registration.',
    mainMissing: "Fill in all of the main guest's details.",
    partial: (n: number) =>
      `Fill in all the details of ${n === 1 ? 'the main guest' : `companion ${n - 1}`}, or leave them all empty.`,
    save: 'Save registration',
    saving: 'Saving…',
    saved: 'Registration saved.',
    savedComplete: 'Registration saved: every guest is registered.',
    loading: 'Loading the registration…',
    privacy: 'Privacy policy',
  },
} as const;

const filled = (d: Draft) => FIELDS.filter((f) => f !== 'destinationCity').every((f) => d[f].trim() !== '');
const blank = (d: Draft) => FIELDS.every((f) => d[f].trim() === '');

/** The check-in form (issue 34): loaded on demand by CheckInSection. */
export default function CheckInForm({
  code,
  numPeople,
  onSaved,
}: {
  code: string;
  numPeople: number;
  onSaved: (complete: boolean) => void;
}) {
  const i18n = useI18n();
  const settings = useSettings();
  const lang: Lang = i18n.lang === 'en' ? 'en' : 'es';
  const w = WORDS[lang];
  const uid = useId();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const countryName = new Intl.DisplayNames([lang], { type: 'region' });
  const countries = NATIONALITIES.map((c) => ({ c, name: countryName.of(c) ?? c })).sort((a, b) =>
    a.name.localeCompare(b.name, lang),
  );

  useEffect(() => {
    let live = true;
    api
      .getGuestRegistration({ code, t: queryParam('t') })
      .then((r) => {
        if (!live) return;
        setDrafts(
          Array.from({ length: numPeople }, (_, i) => {
            const g = r.guests[i];
            return g ? { ...EMPTY, ...g, destinationCity: g.destinationCity ?? '' } : { ...EMPTY };
          }),
        );
        if (r.guests.length > 0) setConsent(true);
      })
      .catch((err: unknown) => live && setStatus({ kind: 'error', text: actionError(err, i18n) }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per opening
  }, [code, numPeople]);

  if (!drafts) {
    return status ? (
      <FormStatus kind={status.kind}>
        <p>{status.text}</p>
      </FormStatus>
    ) : (
      <p>{w.loading}</p>
    );
  }

  const set = (i: number, f: keyof Draft, v: string) =>
    setDrafts(drafts.map((d, j) => (j === i ? { ...d, [f]: v } : d)));

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!filled(drafts[0]!)) return setStatus({ kind: 'error', text: w.mainMissing });
    const half = drafts.findIndex((d) => !filled(d) && !blank(d));
    if (half >= 0) return setStatus({ kind: 'error', text: w.partial(half + 1) });
    if (!consent) return setStatus({ kind: 'error', text: w.consentMissing });
    const guests = drafts
      .filter(filled)
      .map(
        ({ destinationCity, ...rest }) =>
          ({ ...rest, ...(destinationCity.trim() ? { destinationCity } : {}) }) as GuestIdentity,
      );
    setBusy(true);
    setStatus(null);
    try {
      const r = await api.saveGuestRegistration({ code, t: queryParam('t'), guests });
      setStatus({ kind: 'success', text: r.complete ? w.savedComplete : w.saved });
      onSaved(r.complete);
    } catch (err) {
      setStatus({ kind: 'error', text: actionError(err, i18n) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form checkin" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      <p>{w.companionsOptional}</p>
      {drafts.map((d, i) => (
        <fieldset key={i} className="checkin__guest">
          <legend>{w.guest(i + 1)}</legend>
          {FIELDS.map((f) => {
            const id = `${uid}-${i}-${f}`;
            const hint = `${id}-why`;
            const optional = f === 'destinationCity';
            const common = {
              id,
              name: f,
              className: f === 'documentType' || f === 'nationality' ? 'input input--select' : 'input',
              value: d[f],
              'aria-describedby': hint,
              required: !optional && i === 0,
              onChange: (e: { target: { value: string } }) => set(i, f, e.target.value),
            };
            return (
              <div className="field" key={f}>
                <label htmlFor={id} className="field__label">
                  {w.labels[f]}
                  {optional ? w.optional : ''}
                </label>
                {f === 'documentType' ? (
                  <select {...common}>
                    <option value="">{w.choose}</option>
                    {DOCUMENT_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {DOCUMENT_TYPE_LABELS[t][lang]}
                      </option>
                    ))}
                  </select>
                ) : f === 'nationality' ? (
                  <select {...common}>
                    <option value="">{w.choose}</option>
                    {countries.map(({ c, name }) => (
                      <option key={c} value={c}>
                        {name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...common}
                    type={f === 'birthDate' ? 'date' : 'text'}
                    autoComplete={
                      i === 0 && f === 'firstNames'
                        ? 'given-name'
                        : i === 0 && f === 'lastNames'
                          ? 'family-name'
                          : 'off'
                    }
                  />
                )}
                <p id={hint} className="field__hint">
                  {w.why[f]}
                </p>
              </div>
            );
          })}
        </fieldset>
      ))}
      <h3>{w.consentTitle}</h3>
      <p>
        {w.consentText(settings.identityRetentionDays)} <a href={i18n.href('privacy')}>{w.privacy}</a>.
      </p>
      <div className="field field--check">
        <div className="check">
          <input
            id={`${uid}-consent`}
            type="checkbox"
            required
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
          />
          <label htmlFor={`${uid}-consent`}>{w.consent}</label>
        </div>
      </div>
      {status ? (
        <FormStatus kind={status.kind}>
          <p>{status.text}</p>
        </FormStatus>
      ) : null}
      <button type="submit" className="button button--accent" disabled={busy}>
        {busy ? w.saving : w.save}
      </button>
    </form>
  );
}
