import { z } from 'zod';
import { ImageSchema, type Image, type UpdateImageInput } from '../schemas/image';
import { PriceSchema } from '../schemas/price';
import {
  EnquirySchema,
  FormTokenSchema,
  type Enquiry,
  type EnquiryInput,
  type EnquiryStatus,
} from '../schemas/enquiry';
import { SessionInfoSchema, type LoginInput, type SessionInfo } from '../schemas/session';
import { API_PATHS } from './paths';
import { errorFromResponse, networkError } from './errors';

export interface ApiClientOptions {
  /** API base, e.g. `/api` in the browser or `https://host/api` from Node. */
  baseUrl: string;
  /** Bearer token (desktop). The web uses the session cookie instead. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

/** Typed JSON client for every endpoint but the multipart upload (hosts add progress their own way). */
export function createApiClient(opts: ApiClientOptions) {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const base = opts.baseUrl.replace(/\/$/, '');

  async function request<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = opts.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw networkError();
    }
    if (!res.ok) throw await errorFromResponse(res);
    if (res.status === 204) return schema.parse(undefined);
    return schema.parse(await res.json());
  }

  const images = z.array(ImageSchema);
  const none = z.unknown().transform(() => undefined);

  return {
    baseUrl: base,
    health: () => request(z.object({ ok: z.boolean() }).loose(), 'GET', API_PATHS.health),
    listImages: (): Promise<Image[]> => request(images, 'GET', API_PATHS.images),
    listPendingImages: (): Promise<Image[]> => request(images, 'GET', API_PATHS.imagesPending),
    updateImage: (id: string, input: UpdateImageInput): Promise<Image> =>
      request(ImageSchema, 'PATCH', API_PATHS.image(id), input),
    deleteImage: (id: string): Promise<void> => request(none, 'DELETE', API_PATHS.image(id)),
    approveImage: (id: string): Promise<Image> => request(ImageSchema, 'POST', API_PATHS.imageApprove(id)),
    /** Sets the order of the published photos: every published id, each once. */
    setImageOrder: (ids: string[]): Promise<Image[]> => request(images, 'PUT', API_PATHS.imageOrder, { ids }),
    getPrice: async (): Promise<number> => (await request(PriceSchema, 'GET', API_PATHS.price)).precio,
    setPrice: async (precio: number): Promise<number> =>
      (await request(PriceSchema, 'PATCH', API_PATHS.price, { precio })).precio,
    login: (input: LoginInput): Promise<SessionInfo> => request(SessionInfoSchema, 'POST', API_PATHS.session, input),
    getSession: (): Promise<SessionInfo> => request(SessionInfoSchema, 'GET', API_PATHS.session),
    logout: (): Promise<void> => request(none, 'DELETE', API_PATHS.session),
    getFormToken: async (): Promise<string> => (await request(FormTokenSchema, 'GET', API_PATHS.enquiryToken)).token,
    sendEnquiry: (input: EnquiryInput): Promise<{ id: string }> =>
      request(z.object({ id: z.string() }), 'POST', API_PATHS.enquiries, input),
    listEnquiries: (): Promise<Enquiry[]> => request(z.array(EnquirySchema), 'GET', API_PATHS.enquiries),
    setEnquiryStatus: (id: string, status: EnquiryStatus): Promise<Enquiry> =>
      request(EnquirySchema, 'PATCH', API_PATHS.enquiry(id), { status }),
    deleteEnquiry: (id: string): Promise<void> => request(none, 'DELETE', API_PATHS.enquiry(id)),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
