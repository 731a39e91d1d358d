import { z } from 'zod';
import { BUSINESS } from '../config/business';

const fmt = (n: number) => n.toLocaleString('es-CO');

/** Price per person per night, in whole Colombian pesos. */
export const PrecioSchema = z
  .number({ error: 'El precio debe ser un número.' })
  .finite('El precio debe ser un número.')
  .int('El precio debe ser un número entero de pesos, sin decimales.')
  .min(BUSINESS.priceMin, `El precio debe ser de al menos $${fmt(BUSINESS.priceMin)} COP.`)
  .max(BUSINESS.priceMax, `El precio no puede superar $${fmt(BUSINESS.priceMax)} COP.`);

export const PriceSchema = z.strictObject({ precio: PrecioSchema });
