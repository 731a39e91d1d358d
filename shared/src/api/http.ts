/** Where the server answers the API (the website's default `VITE_API_URL`). */
export const API_PREFIX = '/api';
/** Public URL prefix under which the server serves stored image variants. */
export const MEDIA_PREFIX = '/media';
/** Session cookie name for the web admin. */
export const SESSION_COOKIE = 'sid';
