import { z } from 'zod';
import { LIMITS } from '../config/limits';

/** Body of POST /api/sesion. The desktop app sets `token: true` to get a bearer token instead of a cookie. */
export const LoginInputSchema = z.strictObject({
  email: z.string().trim().min(1, 'Escribe tu correo.').max(254, 'El correo es demasiado largo.'),
  password: z.string().min(1, 'Escribe tu contraseña.').max(LIMITS.passwordMax, 'La contraseña es demasiado larga.'),
  token: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** Who is signed in (GET /api/sesion, and the answer to a login). */
export const SessionInfoSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  /** Only in the answer to a login that asked for a bearer token. */
  token: z.string().optional(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
