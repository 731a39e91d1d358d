import type { ReactNode } from 'react';
import type { Image } from '../schemas/image';
import { PriceSection } from './price-section';
import { PhotosSection } from './photos-section';
import { PendingSection } from './pending-section';
import { InboxSection } from './inbox-section';
import { CalendarSection } from './calendar-section';
import { SettingsSection } from './settings-section';

/** What the panel keeps across sections: the published photos (the pending ones join them when approved). */
export interface PanelState {
  images: Image[] | null;
  imagesError: string | null;
  changeImages: (update: (all: Image[]) => Image[]) => void;
}

export interface PanelSection {
  /** The section's URL segment under the panel's route (`/admin/<path>` on the web). */
  path: string;
  /** Its link in the panel's navigation. */
  label: string;
  render: (state: PanelState) => ReactNode;
}

/**
 * The panel's sections, in the order of its navigation: one route each. Adding a section is one
 * entry here (a standalone component reads its data through `usePanelData`).
 */
export const PANEL_SECTIONS: readonly PanelSection[] = [
  { path: 'precio', label: 'Precio', render: () => <PriceSection /> },
  {
    path: 'fotos',
    label: 'Fotos',
    render: (s) => <PhotosSection images={s.images} loadError={s.imagesError} onImagesChange={s.changeImages} />,
  },
  {
    path: 'pendientes',
    label: 'Pendientes',
    render: (s) => (
      <PendingSection
        onApproved={(image) => s.changeImages((all) => [...all.filter((i) => i.id !== image.id), image])}
      />
    ),
  },
  { path: 'consultas', label: 'Consultas', render: () => <InboxSection /> },
  { path: 'calendario', label: 'Calendario', render: () => <CalendarSection /> },
  { path: 'ajustes', label: 'Ajustes', render: () => <SettingsSection /> },
];

/** Where the panel's own address (`/admin`) leads: the section the owner uses most. */
export const DEFAULT_SECTION = 'fotos';
