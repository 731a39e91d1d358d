/** Route patterns as the server's router declares them: the one table of the API's paths, for server and clients. */
export const API_ROUTES = {
  health: '/health',
  images: '/imagenes',
  imageUpload: '/imagenes/upload',
  imagesPending: '/imagenes/pendientes',
  imageOrder: '/imagenes/orden',
  image: '/imagenes/:id',
  imageApprove: '/imagenes/:id/aprobar',
  price: '/precioPersona/precio',
  settings: '/ajustes',
  session: '/sesion',
  enquiries: '/consultas',
  enquiryToken: '/consultas/token',
  enquiriesDelete: '/consultas/eliminar',
  enquiry: '/consultas/:id',
  availability: '/disponibilidad',
  seasons: '/temporadas',
  quote: '/cotizacion',
  calendar: '/calendario',
  calendarBlocks: '/calendario/bloqueos',
  calendarBlock: '/calendario/bloqueos/:id',
  calendarFeeds: '/calendario/fuentes',
  calendarFeed: '/calendario/fuentes/:id',
  calendarFeedSync: '/calendario/fuentes/:id/sincronizar',
  /** Public but unguessable: the token is the secret. */
  calendarExport: '/calendario/ical/:token.ics',
} as const;

/** A route's path as a client calls it: the pattern itself, or a function of its one parameter. */
type PathOf<R extends string> = R extends `${string}:${string}` ? (value: string) => string : R;

const PARAM = /:[A-Za-z]+/;

/** Every API path, relative to the API base (`/api` by default): each route with its parameter filled in. */
export const API_PATHS = Object.fromEntries(
  Object.entries(API_ROUTES).map(([name, route]) => [
    name,
    PARAM.test(route) ? (value: string) => route.replace(PARAM, () => encodeURIComponent(value)) : route,
  ]),
) as { [K in keyof typeof API_ROUTES]: PathOf<(typeof API_ROUTES)[K]> };

/** Public URL prefix under which the server serves stored image variants. */
export const MEDIA_PREFIX = '/media';
/** Session cookie name for the web admin. */
export const SESSION_COOKIE = 'sid';
