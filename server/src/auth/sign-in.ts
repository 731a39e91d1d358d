import type { LoginInput } from '@cabana/shared/schemas/session';
import type { Store } from '../db/store';
import { unauthenticated } from '../domain-errors';
import { getDummyHash, verifyPassword } from './password';
import { clientKey } from './client-key';
import { removeInitialPassword } from './initial-password';
import type { LoginGuard } from './login-guard';
import type { ActiveSession, Sessions } from './sessions';

const WRONG_CREDENTIALS = 'Credenciales incorrectas';

export interface SignInDeps {
  store: Store;
  sessions: Sessions;
  guard: LoginGuard;
  dataDir: string;
}

/**
 * The owner signs in from the client at `ip`: a new session (a cookie's or a bearer token's),
 * with the one that client held before revoked. Wrong e-mail and wrong password fail alike.
 */
export async function signIn(
  { store, sessions, guard, dataDir }: SignInDeps,
  input: LoginInput,
  ip: string,
  previous: ActiveSession | undefined,
): Promise<{ id: string; session: ActiveSession }> {
  const email = input.email.toLowerCase();
  // Counted before the hash runs (see LoginGuard); the hash is checked even for an unknown
  // e-mail, so both failures take the same time.
  const ok = await guard.attempt(clientKey(ip), email, async () => {
    const admin = store.data.admin;
    const known = admin !== null && admin.email === email;
    const matches = await verifyPassword(input.password, known ? admin.passwordHash : await getDummyHash());
    return known && matches;
  });
  if (!ok) throw unauthenticated(WRONG_CREDENTIALS);
  // The generated first password has reached its owner: it must not wait on disk.
  await removeInitialPassword(dataDir);
  // A fresh id at every sign-in; the one the client held before (if any) is revoked.
  if (previous) await sessions.revoke(previous.idHash);
  return sessions.create(email, input.token ? 'token' : 'cookie');
}
