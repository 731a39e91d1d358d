import { useI18n } from '../../i18n/i18n';
import type { InputHTMLAttributes } from 'react';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import type { FieldErrors } from '../../lib/validation';
import { TextField } from './field';

type Person = 'name' | 'email' | 'phone';

/** How each is asked for: the browser's autofill, the phone keyboard, the server's limit. */
const INPUTS: Record<Person, InputHTMLAttributes<HTMLInputElement>> = {
  name: { autoComplete: 'name', maxLength: LIMITS.nameMax },
  email: {
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    maxLength: LIMITS.emailMax,
  },
  phone: {
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    maxLength: LIMITS.phoneMax,
  },
};

interface Props<F extends Person> {
  /** Which to ask, in this order: name and e-mail always, the phone where replies go by WhatsApp. */
  fields: readonly F[];
  /** "Nombre" by default; the reservation asks for the full name. */
  nameLabel?: string;
  values: Record<F, string>;
  errors: FieldErrors;
  onChange: (field: F, value: string) => void;
}

/**
 * Who is writing and how to answer: the required name, e-mail (and phone) fields of every
 * enquiry form, with the ids (`name`, `email`, `phone`) that the schema's field errors and the
 * focus-on-error order refer to.
 */
export function PersonFields<F extends Person>({ fields, nameLabel, values, errors, onChange }: Props<F>) {
  const { name, email, phone } = useI18n().m.form;
  const labels: Record<Person, string> = { name, email, phone };
  return fields.map((field) => {
    const input = INPUTS[field];
    const label = labels[field];
    return (
      <TextField
        key={field}
        id={field}
        label={field === 'name' && nameLabel ? nameLabel : label}
        required
        {...input}
        value={values[field]}
        error={errors[field]}
        onChange={(e) => onChange(field, e.target.value)}
      />
    );
  });
}
