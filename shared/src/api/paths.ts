import type { z } from 'zod';
import { API } from './contract';
import { fillPath, type RouteSpec } from './route';

type Api = typeof API;

/** A row's path as a client calls it: the path itself, or a function of its parameters. */
type PathOf<R extends RouteSpec> = R['params'] extends z.ZodType ? (params: z.input<R['params']>) => string : R['path'];

/** Every API path by row name, relative to the API base (`/api` by default), parameters filled in and encoded. */
export const API_PATHS = Object.fromEntries(
  Object.entries(API).map(([name, spec]: [string, RouteSpec]) => [
    name,
    spec.params ? (params: Record<string, string>) => fillPath(spec, params).path : spec.path,
  ]),
) as unknown as { [K in keyof Api]: PathOf<Api[K]> };
