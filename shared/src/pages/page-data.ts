import type { Image } from '../schemas/image';

/**
 * The live data a public page is rendered from: the server builds it from the store for every
 * data version, the website's server entry renders it into HTML, and the page carries it in a
 * JSON data island so the client hydrates without fetching it again.
 */
export interface PageData {
  /** Base price per person per night, whole COP. */
  price: number;
  /** Published photos in the owner's order; the first one is the cover. */
  images: Image[];
}
