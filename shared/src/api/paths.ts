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
  session: '/sesion',
  enquiries: '/consultas',
  enquiryToken: '/consultas/token',
  enquiry: (id: string) => `/consultas/${encodeURIComponent(id)}`,
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
  session: '/sesion',
  enquiries: '/consultas',
  enquiryToken: '/consultas/token',
  enquiry: '/consultas/:id',
} as const;

/** Public URL prefix under which the server serves stored image variants. */
export const MEDIA_PREFIX = '/media';
/** Session cookie name for the web admin. */
export const SESSION_COOKIE = 'sid';
