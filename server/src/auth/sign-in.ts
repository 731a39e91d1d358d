import type { LoginInput } from '@cabana/shared/domain/schemas/session';
import type { Store } from '../db/store';
import { unauthenticated } from '../domain-errors';
import { getDummyHash, verifyPassword } from './password';
import { clientKey } from './client-key';
import { removeInitialPassword } from './initial-password';
import type { LoginGuard } from './login-guard';
import type { ActiveSession, Sessions } from './sessions';
import type { KnownDevices } from './known-devices';

const WRONG_CREDENTIALS = 'Credenciales incorrectas';

export interface SignInDeps {
  store: Store;
  sessions: Sessions;
  guard: LoginGuard;
  devices: KnownDevices;
  dataDir: string;
}

/**
 * The owner signs in from the client at `ip`: a new session (a cookie's or a bearer token's),
 * with the one that client held before revoked, and a renewed proof that this client is a known
 * device. Wrong e-mail and wrong password fail alike.
 */
export async function signIn(
  { store, sessions, guard, devices, dataDir }: SignInDeps,
  input: LoginInput,
  client: { ip: string; deviceProof: string | undefined; previous: ActiveSession | undefined },
): Promise<{ id: string; session: ActiveSession; deviceProof: string }> {
  const email = input.email.toLowerCase();
  // A client that signed in here before is not slowed by strangers' failures (LoginGuard).
  const device = devices.verify(client.deviceProof, email);
  // Counted before the hash runs (see LoginGuard); the hash is checked even for an unknown
  // e-mail, so both failures take the same time.
  const ok = await guard.attempt(
    clientKey(client.ip),
    email,
    async () => {
      const admin = store.data.admin;
      const known = admin !== null && admin.email === email;
      const matches = await verifyPassword(input.password, known ? admin.passwordHash : await getDummyHash());
      return known && matches;
    },
    device,
  );
  if (!ok) throw unauthenticated(WRONG_CREDENTIALS);
  // The generated first password has reached its owner: it must not wait on disk.
  await removeInitialPassword(dataDir);
  // A fresh id at every sign-in; the one the client held before (if any) is revoked.
  if (client.previous) await sessions.revoke(client.previous.idHash);
  const created = await sessions.create(email, input.token ? 'token' : 'cookie');
  // Renewed at every sign-in, so a device in use stays known.
  return { ...created, deviceProof: devices.issue(email) };
}
