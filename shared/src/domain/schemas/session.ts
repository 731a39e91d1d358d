import { z } from 'zod';
import { LIMITS } from '../config/limits';

/** Body of POST /api/sesion. The desktop app sets `token: true` to get a bearer token instead of a cookie. */
export const LoginInputSchema = z.strictObject({
  email: z.string().trim().min(1, 'Escribe tu correo.').max(254, 'El correo es demasiado largo.'),
  password: z.string().min(1, 'Escribe tu contraseña.').max(LIMITS.passwordMax, 'La contraseña es demasiado larga.'),
  token: z.boolean().optional(),
  /**
   * The proof of an earlier sign-in the server gave this client (`device` in its answer): with it
   * strangers' failed guesses do not slow this sign-in down. Browsers carry it in a cookie instead.
   */
  device: z.string().max(200).optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** Who is signed in (GET /api/sesion, and the answer to a login). */
export const SessionInfoSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  /** Only in the answer to a login that asked for a bearer token. */
  token: z.string().optional(),
  /** Likewise: this client's proof of a successful sign-in, to send with its next ones. */
  device: z.string().optional(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
