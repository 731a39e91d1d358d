import type { InputHTMLAttributes } from 'react';
import { LIMITS } from '@cabana/shared/config/limits';
import type { FieldErrors } from '../../lib/validation';
import { TextField } from './field';

type Person = 'name' | 'email' | 'phone';

/** How each is asked for: the browser's autofill, the phone keyboard, the server's limit. */
const INPUTS: Record<Person, { label: string } & InputHTMLAttributes<HTMLInputElement>> = {
  name: { label: 'Nombre', autoComplete: 'name', maxLength: LIMITS.nameMax },
  email: {
    label: 'Correo electrónico',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    maxLength: LIMITS.emailMax,
  },
  phone: {
    label: 'Teléfono o celular',
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
  return fields.map((field) => {
    const { label, ...input } = INPUTS[field];
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
