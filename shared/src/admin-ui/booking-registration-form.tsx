import { useId, useState } from 'react';
import type { Booking } from '../domain/schemas/booking';
import { NATIONALITIES } from '../domain/config/nationalities';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, GUEST_FIELDS, type GuestIdentity } from '../domain/schemas/registration';
import { AdminField } from './admin-field';
import { AlertMessage, StatusMessage } from './messages';
import { usePanel } from './panel-context';
import { usePanelCache } from './panel-data';
import { useFieldErrorSubmit } from './use-field-error-submit';

type Draft = Record<keyof GuestIdentity, string>;
const FIELDS: readonly (keyof GuestIdentity)[] = [...GUEST_FIELDS, 'originCode', 'destinationCode'];
const OPTIONAL = new Set<keyof GuestIdentity>(['destinationCity', 'originCode', 'destinationCode']);
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Draft;

const LABELS: Record<Exclude<keyof GuestIdentity, 'documentType' | 'nationality'>, string> = {
  firstNames: 'Nombres',
  lastNames: 'Apellidos',
  documentNumber: 'Número de documento',
  birthDate: 'Fecha de nacimiento',
  residenceCity: 'Ciudad de residencia',
  originCity: 'Ciudad de procedencia',
  destinationCity: 'Ciudad de destino (opcional)',
  originCode: 'Código SIRE de procedencia (opcional)',
  destinationCode: 'Código SIRE de destino (opcional)',
};
const HINTS: Partial<Record<keyof GuestIdentity, string>> = {
  originCode:
    'Solo si el SIRE lo pide: código DIVIPOLA de la ciudad colombiana o código SIRE del país (p. ej. 249 Estados Unidos).',
  destinationCode: 'Igual que el de procedencia.',
};

const countryName = new Intl.DisplayNames(['es'], { type: 'region' });
const COUNTRY_OPTIONS = NATIONALITIES.map((c) => ({ c, name: countryName.of(c) ?? c })).sort((a, b) =>
  a.name.localeCompare(b.name, 'es'),
);

const draftOf = (g: GuestIdentity): Draft => ({ ...EMPTY, ...g });

/** A row whose every field is empty is left out (a companion not known yet). */
const isBlank = (d: Draft) => FIELDS.every((f) => d[f].trim() === '');

/** The draft as the API takes it: optional fields left out when empty. */
function guestOf(d: Draft): Record<string, string> {
  return Object.fromEntries(FIELDS.filter((f) => !(OPTIONAL.has(f) && d[f].trim() === '')).map((f) => [f, d[f]]));
}

/**
 * The owner fills or corrects a booking's registration (issue 34): one group per person of the
 * party, the same fields and rules as the guest's check-in (the server checks them with the same
 * schema), plus SIRE's place codes when the typed city is not one the server codes by itself.
 */
export function BookingRegistrationForm({ booking: b }: { booking: Booking }) {
  const id = useId();
  const { api } = usePanel();
  const cache = usePanelCache();
  const { formRef, busy, alert, status, fieldErrors, submit } = useFieldErrorSubmit();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    Array.from({ length: b.numPeople }, (_, i) => {
      const g = b.registration?.guests[i];
      return g ? draftOf(g) : EMPTY;
    }),
  );
  const set = (i: number, field: keyof GuestIdentity, value: string) =>
    setDrafts((all) => all.map((d, j) => (j === i ? { ...d, [field]: value } : d)));

  const save = async () => {
    const guests = drafts.filter((d) => !isBlank(d)).map(guestOf) as unknown as GuestIdentity[];
    const view = await api.saveBookingRegistration({ id: b.id, guests });
    cache.invalidate('listBookings', 'getRegistrationStatus');
    return view.complete
      ? 'Registro guardado: todos los huéspedes quedaron registrados.'
      : `Registro guardado: ${view.guests.length} de ${view.numPeople} huéspedes.`;
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={`Completar o corregir el registro de ${b.code}`}
      onSubmit={(e) => void submit(e, save)}
    >
      {drafts.map((d, i) => {
        const key = (f: keyof GuestIdentity) => `guests.${i}.${f}`;
        const input = (f: Exclude<keyof GuestIdentity, 'documentType' | 'nationality'>, type = 'text') => (
          <AdminField
            id={`${id}-${i}-${f}`}
            label={LABELS[f]}
            type={type}
            value={d[f]}
            error={fieldErrors[key(f)]}
            hint={HINTS[f]}
            inputMode={f.endsWith('Code') ? 'numeric' : undefined}
            onChange={(e) => set(i, f, e.target.value)}
          />
        );
        const select = (f: 'documentType' | 'nationality', label: string, options: { c: string; name: string }[]) => (
          <div className="adm-field">
            <label htmlFor={`${id}-${i}-${f}`}>{label}</label>
            <select
              id={`${id}-${i}-${f}`}
              value={d[f]}
              aria-invalid={fieldErrors[key(f)] ? true : undefined}
              aria-describedby={`${id}-${i}-${f}-error`}
              onChange={(e) => set(i, f, e.target.value)}
            >
              <option value="">Elige…</option>
              {options.map((o) => (
                <option key={o.c} value={o.c}>
                  {o.name}
                </option>
              ))}
            </select>
            <span className="adm-field-error" id={`${id}-${i}-${f}-error`}>
              {fieldErrors[key(f)]}
            </span>
          </div>
        );
        return (
          <fieldset key={i} className="adm-registration-guest">
            <legend>{i === 0 ? 'Huésped principal' : `Acompañante ${i}`}</legend>
            {input('firstNames')}
            {input('lastNames')}
            {select(
              'documentType',
              'Tipo de documento',
              DOCUMENT_TYPES.map((c) => ({ c, name: DOCUMENT_TYPE_LABELS[c].es })),
            )}
            {input('documentNumber')}
            {select('nationality', 'Nacionalidad', COUNTRY_OPTIONS)}
            {input('birthDate', 'date')}
            {input('residenceCity')}
            {input('originCity')}
            {input('destinationCity')}
            {input('originCode')}
            {input('destinationCode')}
          </fieldset>
        );
      })}
      <p className="adm-hint">
        Deja vacíos los datos de un acompañante que aún no conoces. El registro queda completo cuando están todos.
      </p>
      <button type="submit" className="adm-button" disabled={busy}>
        {busy ? 'Guardando…' : 'Guardar registro'}
      </button>
      <StatusMessage text={status} />
      <AlertMessage text={alert} />
    </form>
  );
}
