/** Every API path, relative to the API base (`/api` by default). One table for server and clients. */
export const API_PATHS = {
  health: '/health',
  images: '/imagenes',
  imageUpload: '/imagenes/upload',
  imagesPending: '/imagenes/pendientes',
  imageOrder: '/imagenes/orden',
  image: (id: string) => `/imagenes/${encodeURIComponent(id)}`,
  imageApprove: (id: string) => `/imagenes/${encodeURIComponent(id)}/aprobar`,
  price: '/precioPersona/precio',
  settings: '/ajustes',
  session: '/sesion',
  enquiries: '/consultas',
  enquiryToken: '/consultas/token',
  enquiriesDelete: '/consultas/eliminar',
  enquiry: (id: string) => `/consultas/${encodeURIComponent(id)}`,
  availability: '/disponibilidad',
  seasons: '/temporadas',
  quote: '/cotizacion',
  calendar: '/calendario',
  calendarBlocks: '/calendario/bloqueos',
  calendarBlock: (id: string) => `/calendario/bloqueos/${encodeURIComponent(id)}`,
  calendarFeeds: '/calendario/fuentes',
  calendarFeed: (id: string) => `/calendario/fuentes/${encodeURIComponent(id)}`,
  calendarFeedSync: (id: string) => `/calendario/fuentes/${encodeURIComponent(id)}/sincronizar`,
  calendarExport: (token: string) => `/calendario/ical/${encodeURIComponent(token)}.ics`,
} as const;

/** Route patterns as the server's router declares them. */
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

/** Public URL prefix under which the server serves stored image variants. */
export const MEDIA_PREFIX = '/media';
/** Session cookie name for the web admin. */
export const SESSION_COOKIE = 'sid';
