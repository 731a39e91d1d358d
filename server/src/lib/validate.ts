import type { z } from 'zod';
import { inputProblems } from '@cabana/shared/api/input-problems';
import { invalidInput } from '../domain-errors';

/** Checks input against a schema: its data, or a VALIDATION error with a Spanish message per field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input === undefined) throw invalidInput('Faltan los datos de la solicitud.');
  const result = schema.safeParse(input);
  if (!result.success) {
    const { message, fields } = inputProblems(result.error);
    throw invalidInput(message, fields);
  }
  return result.data;
}
