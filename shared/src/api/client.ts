import { z } from 'zod';
import { ImageSchema, type Image, type UpdateImageInput } from '../schemas/image';
import { PriceSchema } from '../schemas/price';
import { SettingsSchema, type Settings, type SettingsPatch } from '../schemas/settings';
import {
  EnquirySchema,
  FormTokenSchema,
  type Enquiry,
  type EnquiryInput,
  type EnquiryStatus,
} from '../schemas/enquiry';
import { SessionInfoSchema, type LoginInput, type SessionInfo } from '../schemas/session';
import { AvailabilitySchema, type Availability } from '../schemas/availability';
import { QuoteSchema, type Quote } from '../schemas/quote';
import { SeasonsSchema, type Seasons, type UpdateSeasonsInputSchema } from '../schemas/season';
import {
  CalendarEntrySchema,
  CalendarSchema,
  FeedSchema,
  type Calendar,
  type CalendarEntry,
  type CreateBlockInputSchema,
  type CreateFeedInputSchema,
  type Feed,
} from '../schemas/calendar';
import { API_PATHS } from './paths';
import { errorFromResponse, networkError, redirectRefused } from './errors';

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

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
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
        // Every call carries the password, the cookie or the token, and a 307/308 would send the
        // same request (body and all) wherever it points: the API never redirects, so refuse.
        redirect: 'manual',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw networkError();
    }
    // A browser shows a refused redirect as an opaque answer (status 0); Node as the 3xx itself.
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) throw redirectRefused();
    if (!res.ok) throw await errorFromResponse(res);
    return res;
  }

  async function request<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
    return schema.parse(await (await call(method, path, body)).json());
  }

  /** Every DELETE answers 204 No Content: success is the status alone. */
  async function remove(path: string): Promise<void> {
    await call('DELETE', path);
  }

  const images = z.array(ImageSchema);
  const query = (params: Record<string, string | number | undefined>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
    const text = q.toString();
    return text ? `?${text}` : '';
  };

  return {
    baseUrl: base,
    health: () => request(z.object({ ok: z.boolean() }).loose(), 'GET', API_PATHS.health),
    listImages: (): Promise<Image[]> => request(images, 'GET', API_PATHS.images),
    listPendingImages: (): Promise<Image[]> => request(images, 'GET', API_PATHS.imagesPending),
    updateImage: (id: string, input: UpdateImageInput): Promise<Image> =>
      request(ImageSchema, 'PATCH', API_PATHS.image(id), input),
    deleteImage: (id: string): Promise<void> => remove(API_PATHS.image(id)),
    approveImage: (id: string): Promise<Image> => request(ImageSchema, 'POST', API_PATHS.imageApprove(id)),
    /** Sets the order of the published photos: every published id, each once. */
    setImageOrder: (ids: string[]): Promise<Image[]> => request(images, 'PUT', API_PATHS.imageOrder, { ids }),
    getPrice: async (): Promise<number> => (await request(PriceSchema, 'GET', API_PATHS.price)).precio,
    setPrice: async (precio: number): Promise<number> =>
      (await request(PriceSchema, 'PATCH', API_PATHS.price, { precio })).precio,
    getSettings: (): Promise<Settings> => request(SettingsSchema, 'GET', API_PATHS.settings),
    updateSettings: (patch: SettingsPatch): Promise<Settings> =>
      request(SettingsSchema, 'PATCH', API_PATHS.settings, patch),
    login: (input: LoginInput): Promise<SessionInfo> => request(SessionInfoSchema, 'POST', API_PATHS.session, input),
    getSession: (): Promise<SessionInfo> => request(SessionInfoSchema, 'GET', API_PATHS.session),
    logout: (): Promise<void> => remove(API_PATHS.session),
    getFormToken: async (): Promise<string> => (await request(FormTokenSchema, 'GET', API_PATHS.enquiryToken)).token,
    sendEnquiry: (input: EnquiryInput): Promise<{ id: string }> =>
      request(z.object({ id: z.string() }), 'POST', API_PATHS.enquiries, input),
    listEnquiries: (): Promise<Enquiry[]> => request(z.array(EnquirySchema), 'GET', API_PATHS.enquiries),
    setEnquiryStatus: (id: string, status: EnquiryStatus): Promise<Enquiry> =>
      request(EnquirySchema, 'PATCH', API_PATHS.enquiry(id), { status }),
    deleteEnquiry: (id: string): Promise<void> => remove(API_PATHS.enquiry(id)),
    getAvailability: (window: { from?: string; to?: string } = {}): Promise<Availability> =>
      request(AvailabilitySchema, 'GET', API_PATHS.availability + query(window)),
    getSeasons: (): Promise<Seasons> => request(SeasonsSchema, 'GET', API_PATHS.seasons),
    setSeasons: (input: z.input<typeof UpdateSeasonsInputSchema>): Promise<Seasons> =>
      request(SeasonsSchema, 'PUT', API_PATHS.seasons, input),
    getQuote: (stay: { checkIn: string; checkOut: string; numPeople: number }): Promise<Quote> =>
      request(QuoteSchema, 'GET', API_PATHS.quote + query(stay)),
    getCalendar: (): Promise<Calendar> => request(CalendarSchema, 'GET', API_PATHS.calendar),
    addBlock: (input: z.input<typeof CreateBlockInputSchema>): Promise<CalendarEntry> =>
      request(CalendarEntrySchema, 'POST', API_PATHS.calendarBlocks, input),
    deleteBlock: (id: string): Promise<void> => remove(API_PATHS.calendarBlock(id)),
    listFeeds: (): Promise<Feed[]> => request(z.array(FeedSchema), 'GET', API_PATHS.calendarFeeds),
    addFeed: (input: z.input<typeof CreateFeedInputSchema>): Promise<Feed> =>
      request(FeedSchema, 'POST', API_PATHS.calendarFeeds, input),
    deleteFeed: (id: string): Promise<void> => remove(API_PATHS.calendarFeed(id)),
    syncFeed: (id: string): Promise<Feed> => request(FeedSchema, 'POST', API_PATHS.calendarFeedSync(id)),
    deleteEnquiries: async (ids: string[]): Promise<number> =>
      (await request(z.object({ deleted: z.number() }), 'POST', API_PATHS.enquiriesDelete, { ids })).deleted,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
