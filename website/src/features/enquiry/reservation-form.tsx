import { useEffect, useRef, useState } from 'react';
import { BUSINESS, whatsappUrl } from '@cabana/shared/config/business';
import { todayAtCabin } from '@cabana/shared/pricing/dates';
import { EnquiryFormFrame } from '../../components/form/enquiry-form-frame';
import { SelectField, TextField } from '../../components/form/field';
import { PersonFields } from '../../components/form/person-fields';
import { DEFAULT_STAY, stayWhatsappText, type Stay } from '../../lib/stay';
import { useEnquiryForm } from '../../lib/use-enquiry-form';

const RESERVATION_SUCCESS = '¡Gracias por tu reserva! Ha quedado confirmada.';
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

const INITIAL: ReservationValues = {
  name: '',
  email: '',
  phone: '',
  checkIn: DEFAULT_STAY.checkIn,
  checkOut: DEFAULT_STAY.checkOut,
  numPeople: DEFAULT_STAY.numPeople,
  message: '',
  consent: false,
  website: '',
};

const ORDER = ['name', 'email', 'phone', 'checkIn', 'checkOut', 'numPeople', 'message', 'consent'] as const;

const PEOPLE = Array.from({ length: BUSINESS.maxPeople - BUSINESS.minPeople + 1 }, (_, i) => BUSINESS.minPeople + i);

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Props {
  /** Price per person in COP, when known: used for the totals in the e-mails. */
  price: number | null;
  onStayChange: (stay: Stay) => void;
}

export function ReservationForm({ price, onStayChange }: Props) {
  // Read when the e-mails are written, so they carry the price shown then.
  const priceRef = useRef(price);
  priceRef.current = price;
  const form = useEnquiryForm<ReservationValues>({
    initial: INITIAL,
    fieldOrder: ORDER,
    loadChecks: () => import('./reservation-submit').then((m) => m.reservationChecks(() => priceRef.current)),
    successText: RESERVATION_SUCCESS,
    failureText: RESERVATION_FAILURE,
    onReset: () => onStayChange(DEFAULT_STAY),
  });
  const { values, errors } = form;

  const setStay = (patch: Partial<Stay>) => {
    const next = { checkIn: values.checkIn, checkOut: values.checkOut, numPeople: values.numPeople, ...patch };
    onStayChange(next);
  };

  // "Today" is known only in the browser: the server-rendered HTML was made on another day, and
  // hydration would keep its stale `min` attributes.
  const [today, setToday] = useState<string | undefined>(undefined);
  useEffect(() => setToday(todayAtCabin()), []);
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
      submitClassName="button--accent"
      whatsapp={{
        href: whatsappUrl(stayWhatsappText(values, price, 'COP', values.name)),
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
          hint={`Mínimo ${BUSINESS.minPeople}, máximo ${BUSINESS.maxPeople} personas.`}
          value={String(values.numPeople)}
          error={errors.numPeople}
          onChange={(e) => {
            const n = Number(e.target.value);
            form.set('numPeople', n);
            setStay({ numPeople: n });
          }}
        >
          {PEOPLE.map((n) => (
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
