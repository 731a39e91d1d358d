import { z } from 'zod';
import { ApiError } from '@cabana/shared/api/errors';
import { ImageSchema, type Image } from '@cabana/shared/domain/schemas/image';
import { PublicSettingsSchema, SettingsSchema, type PublicSettings } from '@cabana/shared/domain/schemas/settings';
import { API, type Api, type PanelRouteName } from '@cabana/shared/api/contract';
import type { RouteResult, RouteSpec } from '@cabana/shared/api/route';
import { checkFlatInput, type InputRefusal } from '@cabana/shared/api/route-input';
import { toMediaUrl } from './media-protocol';
import type { DesktopApiClient } from './api-client';

type Authed = <T>(fn: (c: DesktopApiClient) => Promise<T>) => Promise<T>;

/** The server's own answer to an unknown id, for a row that names none (every panel row names its own). */
const NOT_FOUND_DEFAULT = 'No encontramos lo que buscas.';

/** A panel call refused before it leaves, answered as the server answers the same request. */
function refusalError(refusal: InputRefusal): ApiError {
  if (refusal.code === 'NOT_FOUND') {
    return new ApiError(404, { error: refusal.message ?? NOT_FOUND_DEFAULT, code: 'NOT_FOUND' });
  }
  return new ApiError(400, { error: refusal.message, code: 'VALIDATION', fields: refusal.fields });
}

/**
 * The page loads no image from the network: the server's media URLs (signed links to pending
 * photos included) become `cabana-media:` URLs that main answers by fetching them itself.
 */
export function viaMediaProtocol(image: Image): Image {
  return {
    ...image,
    secure_url: toMediaUrl(image.secure_url),
    variants: image.variants.map((v) => ({ ...v, url: toMediaUrl(v.url) })),
  };
}

/**
 * What main does with a panel row's answer before the page gets it, by the row's output: photos
 * get `cabana-media:` URLs, and the business settings are kept for the link allowlist.
 */
function fromServer(spec: RouteSpec, value: unknown, rememberSettings: (s: PublicSettings) => void): unknown {
  const output = spec.output;
  if (output === ImageSchema) return viaMediaProtocol(value as Image);
  if (output instanceof z.ZodArray && output.element === ImageSchema) return (value as Image[]).map(viaMediaProtocol);
  if (output === SettingsSchema || output === PublicSettingsSchema) rememberSettings(value as PublicSettings);
  return value;
}

/**
 * One panel row of the HTTP contract, by name: the input is checked against the row as the
 * server would (a malformed id answers the row's 404, a bad field the server's 400 with its
 * Spanish messages) before anything leaves, the call carries the token and the answer is
 * checked against the row's output by the typed client. Every panel row needs the session,
 * the public ones too: the panel is the owner's (and the owner's answers may carry more).
 */
export function callPanelRoute<K extends PanelRouteName>(
  session: { authed: Authed; rememberSettings(s: PublicSettings): void },
  name: K,
  input?: unknown,
): Promise<RouteResult<Api[K]>> {
  return session.authed(async (c) => {
    const spec: RouteSpec = API[name];
    const checked = checkFlatInput(spec, input);
    if (!checked.ok) throw refusalError(checked);
    const call = c[name] as (input: Record<string, unknown>) => Promise<unknown>;
    return fromServer(spec, await call(checked.wire), (s) => session.rememberSettings(s)) as RouteResult<Api[K]>;
  });
}
