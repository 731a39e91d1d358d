import type { ReactNode } from 'react';
import { PriceSection } from './price-section';
import { PhotosSection } from './photos-section';
import { PendingSection } from './pending-section';
import { InboxSection } from './inbox-section';
import { BookingsSection } from './bookings-section';
import { CalendarSection } from './calendar-section';
import { SettingsSection } from './settings-section';
import { OverviewSection } from './overview-section';
import { ReviewsSection } from './reviews-section';

export interface PanelSection {
  /** The section's URL segment under the panel's route (`/admin/<path>` on the web). */
  path: string;
  /** Its link in the panel's navigation. */
  label: string;
  element: ReactNode;
}

/**
 * The panel's sections, in the order of its navigation: one route each. Adding a section is one
 * entry here; each reads its data through `usePanelData` (panel-data.ts), which sections reading
 * the same contract row share.
 */
export const PANEL_SECTIONS: readonly PanelSection[] = [
  { path: 'resumen', label: 'Resumen', element: <OverviewSection /> },
  { path: 'precio', label: 'Precio', element: <PriceSection /> },
  { path: 'fotos', label: 'Fotos', element: <PhotosSection /> },
  { path: 'pendientes', label: 'Pendientes', element: <PendingSection /> },
  { path: 'reservas', label: 'Reservas', element: <BookingsSection /> },
  { path: 'consultas', label: 'Consultas', element: <InboxSection /> },
  { path: 'opiniones', label: 'Opiniones', element: <ReviewsSection /> },
  { path: 'calendario', label: 'Calendario', element: <CalendarSection /> },
  { path: 'ajustes', label: 'Ajustes', element: <SettingsSection /> },
];

/** Where the panel's own address (`/admin`) leads: what needs doing and how the season goes. */
export const DEFAULT_SECTION = 'resumen';
