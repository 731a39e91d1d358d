import { PUBLIC_ROUTES } from './public-routes';
import { OWNER_ROUTES } from './owner-routes';
import type { RouteSpec } from './route';

/**
 * The HTTP contract: every endpoint of the API, by name. The server's routing and validation,
 * the typed clients, the owner panel's AdminApi (web and desktop) and the README's API table are
 * all derived from it (docs/decisions/018-http-contract.md).
 */
export const API = { ...PUBLIC_ROUTES, ...OWNER_ROUTES } satisfies Record<string, RouteSpec>;
export type Api = typeof API;
export type RouteName = keyof Api;

/** The rows the owner panel calls: its AdminApi is made of them (plus what each host adds). */
export type PanelRouteName = { [K in RouteName]: Api[K] extends { panel: true } ? K : never }[RouteName];

export const PANEL_ROUTE_NAMES = (Object.keys(API) as RouteName[]).filter(
  (name): name is PanelRouteName => (API[name] as RouteSpec).panel === true,
);
