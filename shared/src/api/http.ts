/** Where the server answers the API (the website's default `VITE_API_URL`). */
export const API_PREFIX = '/api';
/** Public URL prefix under which the server serves stored image variants. */
export const MEDIA_PREFIX = '/media';
/**
 * A header that may carry a private booking link's secret for an upload, so the server can check
 * it before the body arrives without the secret going into an address (and so into a log).
 */
export const BOOKING_TOKEN_HEADER = 'x-booking-token';
/** Session cookie name for the web admin. */
export const SESSION_COOKIE = 'sid';
