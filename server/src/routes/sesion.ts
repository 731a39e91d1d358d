import type { SessionInfo } from '@cabana/shared/schemas/session';
import type { AppDeps } from '../deps';
import { signIn } from '../auth/sign-in';
import { clearSessionCookies, writeSessionCookie } from '../auth/session-cookie';
import { unauthenticated } from '../domain-errors';
import type { ApiHandlers } from './handlers';

/** Sign-in and sign-out: the session travels in a cookie (web) or as a bearer token (desktop). */
export function sessionRoutes({
  store,
  sessions,
  limiters,
  config,
}: AppDeps): Pick<ApiHandlers, 'login' | 'getSession' | 'logout'> {
  return {
    async login(input, ctx) {
      const { id, session } = await signIn(
        { store, sessions, guard: limiters.login, dataDir: config.dataDir },
        input,
        ctx.ip,
        ctx.state.auth?.session,
      );
      const body: SessionInfo = { email: session.email, expiresAt: session.expiresAt.toISOString() };
      if (input.token) body.token = id;
      else writeSessionCookie(ctx, config.publicUrl, id, config.sessionMaxMs);
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
