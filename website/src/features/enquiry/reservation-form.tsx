import type { RequestBookingInput } from '@cabana/shared/domain/schemas/booking';
import { useI18n } from '../../i18n/i18n';
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { whatsappLink } from '@cabana/shared/domain/config/settings';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { EnquiryFormFrame } from '../../components/form/enquiry-form-frame';
import { SelectField, TextField } from '../../components/form/field';
import { PersonFields } from '../../components/form/person-fields';
import { useSettings } from '../../lib/page-data';
import { PolicyRules } from '../../components/booking/policy-rules';
import { ServerMarkup } from '../../components/ui/server-markup';
import { defaultStay, type Stay } from '../../lib/stay';
import { useEnquiryForm } from '../../lib/use-enquiry-form';

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
  /** What the form changes of the stay, over the page's current one. */
  onStayChange: (stay: Partial<Stay>) => void;
  /** What the guest will pay and when, shown right above the send button. */
  terms: (values: Stay) => ReactNode;
  /** The send button's words (they say so when sending books at once). */
  submitLabel: (values: Stay) => string;
  /** Once what the visitor did in the server's form before this code ran is in the state (use-enquiry-form.ts). */
  onReady?: () => void;
}

export function ReservationForm({ rules, stay, onStayChange, terms, submitLabel, onReady }: Props) {
  // Read when the e-mails are written, so they carry the prices shown then.
  const rulesRef = useRef(rules);
  useEffect(() => {
    rulesRef.current = rules;
  }, [rules]);
  const settings = useSettings();
  const i18n = useI18n();
  const { t, p } = i18n;
  const m = i18n.m.plans;
  const people = Array.from({ length: settings.maxPeople - settings.minPeople + 1 }, (_, i) => settings.minPeople + i);
  const firstStay = defaultStay(settings);
  const form = useEnquiryForm<ReservationValues, RequestBookingInput>({
    initial: initialValues(firstStay),
    fieldOrder: ORDER,
    loadChecks: () => import('./reservation-submit').then((m) => m.reservationChecks(() => rulesRef.current, i18n)),
    success: m.success,
    failureText: m.failure,
    onReset: () => onStayChange(firstStay),
    // Dates or a group size chosen in the server's form before this code ran: those, and only
    // those, change the page's stay (a day picked on the calendar meanwhile stays picked).
    onAdopt: ({ checkIn, checkOut, numPeople }) => {
      const chosen = Object.entries({ checkIn, checkOut, numPeople }).filter(([, v]) => v !== undefined);
      if (chosen.length > 0) onStayChange(Object.fromEntries(chosen));
    },
    onReady,
  });
  const { values, errors, set } = form;

  // Dates picked on the calendar: the form's own fields change with the same values.
  useEffect(() => {
    if (stay.checkIn !== values.checkIn) set('checkIn', stay.checkIn);
    if (stay.checkOut !== values.checkOut) set('checkOut', stay.checkOut);
    // And the group size a link asked for (stayFromQuery).
    if (stay.numPeople !== values.numPeople) set('numPeople', stay.numPeople);
  }, [stay.checkIn, stay.checkOut, stay.numPeople, values.checkIn, values.checkOut, values.numPeople, set]);

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
      title={m.formTitle}
      titleId="reserva-titulo"
      message={{ label: m.formMessage, hint: m.formMessageHint, rows: 4 }}
      consentId="consent-reserva"
      submitLabel={submitLabel(values)}
      beforeSubmit={
        // The policy and the terms link never change on the page: the server's markup stays.
        <>
          <ServerMarkup id="politica-reserva" className="form__policy">
            {import.meta.env.SSR || import.meta.env.DEV ? (
              <>
                <PolicyRules />
                <p>
                  {m.termsBefore}
                  <a href={i18n.href('terms')}>{m.termsLink}</a>
                  {m.termsAfter}
                </p>
              </>
            ) : null}
          </ServerMarkup>
          {terms(values)}
        </>
      }
      submitClassName="button--accent"
      whatsapp={{
        // With the stay's figures once the form's code is loaded (reservation-submit.ts): the greeting until then.
        href: whatsappLink(settings),
        label: m.formWhatsapp,
      }}
    >
      <div className="form__grid">
        <PersonFields
          fields={['name', 'email', 'phone']}
          nameLabel={m.fullName}
          values={values}
          errors={errors}
          onChange={form.set}
        />
        <SelectField
          id="numPeople"
          label={m.numPeople}
          required
          hint={t(m.numPeopleHint, { min: settings.minPeople, max: settings.maxPeople })}
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
              {p(m.people, n)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="checkIn"
          label={m.checkIn}
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
          label={m.checkOut}
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
