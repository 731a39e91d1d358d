import type { RequestBookingInput } from '@cabana/shared/schemas/booking';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { whatsappLink } from '@cabana/shared/config/settings';
import { addDays, todayAtCabin } from '@cabana/shared/pricing/dates';
import type { PricingRules } from '@cabana/shared/pricing/seasons';
import { EnquiryFormFrame } from '../../components/form/enquiry-form-frame';
import { SelectField, TextField } from '../../components/form/field';
import { PersonFields } from '../../components/form/person-fields';
import { paths } from '../../config/paths';
import { useSettings } from '../../lib/page-data';
import { PolicyRules } from '../../components/booking/policy-rules';
import { defaultStay, stayWhatsappText, type Stay } from '../../lib/stay';
import { useEnquiryForm } from '../../lib/use-enquiry-form';

const RESERVATION_SUCCESS = 'Solicitud recibida. Te responderemos por correo.';
const RESERVATION_FAILURE =
  'No pudimos enviar tu reserva. Tus datos siguen en el formulario: inténtalo de nuevo en unos minutos o escríbenos por WhatsApp.';

export interface ReservationValues extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
  checkIn: string;
  checkOut: string;
  numPeople: number;
  message: string;
  consent: boolean;
  website: string;
}

const initialValues = (stay: Stay): ReservationValues => ({
  name: '',
  email: '',
  phone: '',
  ...stay,
  message: '',
  consent: false,
  website: '',
});

const ORDER = ['name', 'email', 'phone', 'checkIn', 'checkOut', 'numPeople', 'message', 'consent'] as const;

/** "Today" as a store with no change events: read on the client only (see `today` below). */
const noChanges = () => () => undefined;

interface Props {
  /** Base price and seasons, when known: the totals in the e-mails, as the page shows them. */
  rules: PricingRules | null;
  /** The stay as the page holds it: dates picked on the calendar fill the form. */
  stay: Stay;
  onStayChange: (stay: Stay) => void;
}

export function ReservationForm({ rules, stay, onStayChange }: Props) {
  // Read when the e-mails are written, so they carry the prices shown then.
  const rulesRef = useRef(rules);
  useEffect(() => {
    rulesRef.current = rules;
  }, [rules]);
  const settings = useSettings();
  const people = Array.from({ length: settings.maxPeople - settings.minPeople + 1 }, (_, i) => settings.minPeople + i);
  const firstStay = defaultStay(settings);
  const form = useEnquiryForm<ReservationValues, RequestBookingInput>({
    initial: initialValues(firstStay),
    fieldOrder: ORDER,
    loadChecks: () => import('./reservation-submit').then((m) => m.reservationChecks(() => rulesRef.current)),
    success: RESERVATION_SUCCESS,
    failureText: RESERVATION_FAILURE,
    onReset: () => onStayChange(firstStay),
  });
  const { values, errors, set } = form;

  // Dates picked on the calendar: the form's own fields change with the same values.
  useEffect(() => {
    if (stay.checkIn !== values.checkIn) set('checkIn', stay.checkIn);
    if (stay.checkOut !== values.checkOut) set('checkOut', stay.checkOut);
  }, [stay.checkIn, stay.checkOut, values.checkIn, values.checkOut, set]);

  const setStay = (patch: Partial<Stay>) => {
    const next = { checkIn: values.checkIn, checkOut: values.checkOut, numPeople: values.numPeople, ...patch };
    onStayChange(next);
  };

  // "Today" is known only in the browser: the server-rendered HTML was made on another day, and
  // hydration would keep its stale `min` attributes.
  const today = useSyncExternalStore(noChanges, todayAtCabin, () => undefined);
  const checkOutMin = values.checkIn ? addDays(values.checkIn, 1) : today && addDays(today, 1);

  return (
    <EnquiryFormFrame
      form={form}
      title="Solicita tu reserva"
      titleId="reserva-titulo"
      message={{
        label: 'Mensaje o servicios adicionales',
        hint: 'Cuéntanos si necesitas algo más (decoración, comidas, transporte) y te enviamos la cotización.',
        rows: 4,
      }}
      consentId="consent-reserva"
      submitLabel="Enviar reserva"
      beforeSubmit={
        <div className="form__policy">
          <PolicyRules />
          <p>
            Al enviar aceptas las <a href={paths.terms}>condiciones de la estadía</a>.
          </p>
        </div>
      }
      submitClassName="button--accent"
      whatsapp={{
        href: whatsappLink(settings, stayWhatsappText(values, rules, 'COP', settings, values.name)),
        label: 'Enviar la reserva por WhatsApp',
      }}
    >
      <div className="form__grid">
        <PersonFields
          fields={['name', 'email', 'phone']}
          nameLabel="Nombre completo"
          values={values}
          errors={errors}
          onChange={form.set}
        />
        <SelectField
          id="numPeople"
          label="Número de personas"
          required
          hint={`Mínimo ${settings.minPeople}, máximo ${settings.maxPeople} personas.`}
          value={String(values.numPeople)}
          error={errors.numPeople}
          onChange={(e) => {
            const n = Number(e.target.value);
            form.set('numPeople', n);
            setStay({ numPeople: n });
          }}
        >
          {people.map((n) => (
            <option key={n} value={n}>
              {n} personas
            </option>
          ))}
        </SelectField>
        <TextField
          id="checkIn"
          label="Fecha de llegada"
          type="date"
          required
          min={today}
          value={values.checkIn}
          error={errors.checkIn}
          onChange={(e) => {
            form.set('checkIn', e.target.value);
            setStay({ checkIn: e.target.value });
          }}
        />
        <TextField
          id="checkOut"
          label="Fecha de salida"
          type="date"
          required
          min={checkOutMin}
          value={values.checkOut}
          error={errors.checkOut}
          onChange={(e) => {
            form.set('checkOut', e.target.value);
            setStay({ checkOut: e.target.value });
          }}
        />
      </div>
    </EnquiryFormFrame>
  );
}
