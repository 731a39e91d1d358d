import type { SessionInfo } from '@cabana/shared/domain/schemas/session';
import type { AppDeps } from '../deps';
import { signIn } from '../auth/sign-in';
import { clearSessionCookies, readDeviceCookie, writeDeviceCookie, writeSessionCookie } from '../auth/session-cookie';
import { KNOWN_DEVICE_MAX_AGE_MS, KnownDevices } from '../auth/known-devices';
import { unauthenticated } from '../domain-errors';
import type { ApiHandlers } from './handlers';

/** Sign-in and sign-out: the session travels in a cookie (web) or as a bearer token (desktop). */
export function sessionRoutes({
  store,
  sessions,
  limiters,
  config,
  clock,
}: AppDeps): Pick<ApiHandlers, 'login' | 'getSession' | 'logout'> {
  const devices = new KnownDevices(store, { now: () => clock.now() });
  return {
    async login(input, ctx) {
      const { id, session, deviceProof } = await signIn(
        { store, sessions, guard: limiters.login, devices, dataDir: config.dataDir },
        input,
        {
          ip: ctx.ip,
          // The browser shows its proof with its cookie, the desktop app in the body.
          deviceProof: input.device ?? readDeviceCookie(ctx, config.publicUrl),
          previous: ctx.state.auth?.session,
        },
      );
      const body: SessionInfo = { email: session.email, expiresAt: session.expiresAt.toISOString() };
      if (input.token) {
        body.token = id;
        body.device = deviceProof;
      } else {
        writeSessionCookie(ctx, config.publicUrl, id, config.sessionMaxMs);
        writeDeviceCookie(ctx, config.publicUrl, deviceProof, KNOWN_DEVICE_MAX_AGE_MS);
      }
      return body;
    },
    getSession(_input, ctx) {
      const auth = ctx.state.auth;
      if (!auth) throw unauthenticated('No has iniciado sesión.');
      return { email: auth.session.email, expiresAt: auth.session.expiresAt.toISOString() };
    },
    // Idempotent and public: it can only ever end the caller's own session.
    async logout(_input, ctx) {
      if (ctx.state.auth) await sessions.revoke(ctx.state.auth.session.idHash);
      clearSessionCookies(ctx);
    },
  };
}
