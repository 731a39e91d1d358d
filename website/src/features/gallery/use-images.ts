import { useCallback, useEffect, useState } from 'react';
import type { Image } from '@cabana/shared/schemas/image';
import { api } from '../../lib/api';

export type ImagesState =
  { status: 'loading'; images: Image[] } | { status: 'ready'; images: Image[] } | { status: 'error'; images: Image[] };

/** Published photos. A failure leaves the grid empty and is logged (as a warning: it is expected offline). */
export function useImages() {
  const [state, setState] = useState<ImagesState>({ status: 'loading', images: [] });
  const load = useCallback(() => {
    let alive = true;
    setState({ status: 'loading', images: [] });
    api.listImages().then(
      (images) => alive && setState({ status: 'ready', images }),
      (err: unknown) => {
        console.warn('Error al cargar imágenes', err);
        if (alive) setState({ status: 'error', images: [] });
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => load(), [load]);
  return { ...state, reload: load };
}
