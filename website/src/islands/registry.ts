import type { ComponentType } from 'react';

/**
 * Every island by name, each its own chunk: what the browser loads for the islands a page has
 * (island.tsx). The module of island `x` is `src/islands/x.tsx` (scripts/build.ts preloads it
 * from Vite's manifest by that path).
 */
export const ISLANDS = {
  'hero-video': () => import('./hero-video'),
  plans: () => import('./plans'),
  gallery: () => import('./gallery'),
  'contact-form': () => import('./contact-form'),
  'upload-form': () => import('./upload-form'),
  'language-switch': () => import('./language-switch'),
  'guest-booking': () => import('./guest-booking'),
  'guest-payment': () => import('./guest-payment'),
} satisfies Record<string, () => Promise<{ default: ComponentType<never> }>>;

export type IslandName = keyof typeof ISLANDS;

export const ISLAND_NAMES = Object.keys(ISLANDS) as IslandName[];
