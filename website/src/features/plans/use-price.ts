import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

export type PriceState = { status: 'loading' } | { status: 'ready'; price: number } | { status: 'error' };

/** The price per person per night (COP), always read from the API so the owner's change shows at once. */
export function usePrice(): PriceState {
  const [state, setState] = useState<PriceState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    api.getPrice().then(
      (price) => alive && setState({ status: 'ready', price }),
      (err: unknown) => {
        console.warn('No se pudo cargar el precio:', err);
        if (alive) setState({ status: 'error' });
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
