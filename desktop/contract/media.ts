/**
 * The scheme through which the renderer shows the server's photos: main answers
 * `cabana-media://server/<id>/<file>` by fetching `<server>/media/<id>/<file>` itself, so the
 * page's CSP allows images from the app and this scheme only. Imported by main and by the
 * renderer's build config (its CSP): no dependency.
 *
 * The id sits in the path, not the host: the scheme is registered as standard, whose host
 * Chromium lower-cases, and image ids are case-sensitive.
 */
export const MEDIA_SCHEME = 'cabana-media';
export const MEDIA_HOST = 'server';
