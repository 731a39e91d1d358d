import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { LoginInputSchema, type SessionInfo } from '@cabana/shared/schemas/session';
import type { AppDeps } from '../deps';
import { getDummyHash, verifyPassword } from '../auth/password';
import { clientKey } from '../auth/client-key';
import { removeInitialPassword } from '../auth/initial-password';
import { clearSessionCookies, readDeviceCookie, writeDeviceCookie, writeSessionCookie } from '../auth/session-cookie';
import { KNOWN_DEVICE_MAX_AGE_MS, KnownDevices } from '../auth/known-devices';
import { unauthenticated } from '../domain-errors';
import { jsonBody, validate } from '../middleware/validate';

const WRONG_CREDENTIALS = 'Credenciales incorrectas';

export function sesionRouter({ store, sessions, limiters, config, clock }: AppDeps): Router {
  const router = new Router();
  const devices = new KnownDevices(store, { now: () => clock.now() });

  router.post(API_ROUTES.session, jsonBody(), async (ctx) => {
    const input = validate(LoginInputSchema, ctx.request.body);
    const email = input.email.toLowerCase();
    // A client that signed in here before is not slowed by strangers' failures (LoginGuard): the
    // browser shows it with its cookie, the desktop app in the body.
    const device = devices.verify(input.device ?? readDeviceCookie(ctx, config.publicUrl), email);
    // Counted before the hash runs (see LoginGuard); the hash is checked even for an unknown
    // e-mail, so both failures take the same time.
    const ok = await limiters.login.attempt(
      clientKey(ctx.ip),
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
    await removeInitialPassword(config.dataDir);

    // A fresh id at every login; the one the browser held before (if any) is revoked.
    if (ctx.state.auth) await sessions.revoke(ctx.state.auth.session.idHash);
    const { id, session } = await sessions.create(email, input.token ? 'token' : 'cookie');
    const body: SessionInfo = { email, expiresAt: session.expiresAt.toISOString() };
    // Renewed at every sign-in, so a device in use stays known.
    const proof = devices.issue(email);
    if (input.token) {
      body.token = id;
      body.device = proof;
    } else {
      writeSessionCookie(ctx, config.publicUrl, id, config.sessionMaxMs);
      writeDeviceCookie(ctx, config.publicUrl, proof, KNOWN_DEVICE_MAX_AGE_MS);
    }
    ctx.body = body;
  });

  router.get(API_ROUTES.session, (ctx) => {
    const auth = ctx.state.auth;
    if (!auth) throw unauthenticated('No has iniciado sesión.');
    const body: SessionInfo = { email: auth.session.email, expiresAt: auth.session.expiresAt.toISOString() };
    ctx.body = body;
  });

  // Logout is idempotent and public: it can only ever end the caller's own session.
  router.delete(API_ROUTES.session, async (ctx) => {
    if (ctx.state.auth) await sessions.revoke(ctx.state.auth.session.idHash);
    clearSessionCookies(ctx);
    ctx.status = 204;
  });

  return router;
}
