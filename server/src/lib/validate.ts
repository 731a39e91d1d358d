import type { z } from 'zod';
import { checkSchema, type InputRefusal } from '@cabana/shared/api/route-input';
import { invalidInput, notFound, type DomainError } from '../domain-errors';

/** A refused input as the domain error the API answers (404 for a path parameter, 400 otherwise). */
export function refusalError(refusal: InputRefusal): DomainError {
  return refusal.code === 'NOT_FOUND' ? notFound(refusal.message) : invalidInput(refusal.message, refusal.fields);
}

/** Checks input against a schema: its data, or a VALIDATION error with a Spanish message per field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const checked = checkSchema(schema, input);
  if (!checked.ok) throw refusalError(checked);
  return checked.data;
}
