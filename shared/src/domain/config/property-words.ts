import { plural, type Lang, type PluralMessage } from '../i18n/lang';

/**
 * The kinds of bed the owner counts (issue 32), in the order pages list them. Here, not in
 * `setting-defaults.ts`, whose module every public page's first load carries.
 */
export const BED_TYPES = ['king', 'queen', 'double', 'single', 'bunk', 'sofaBed', 'hammock'] as const;
export type BedType = (typeof BED_TYPES)[number];

/** The amenities the owner ticks (issue 32), in the order pages list them. */
export const AMENITY_IDS = [
  'wifi',
  'airConditioning',
  'pool',
  'jacuzzi',
  'parking',
  'kitchen',
  'bbq',
  'tv',
  'washer',
  'hotWater',
] as const;
export type AmenityId = (typeof AMENITY_IDS)[number];

/**
 * The house as a fresh install describes it (the owner edits it in Ajustes): sleeps the building's
 * 20. Here rather than in `setting-defaults.ts`, whose module every public page's first load carries.
 */
export const PROPERTY_DEFAULTS: {
  bedrooms: number;
  bathrooms: number;
  beds: Partial<Record<BedType, number>>;
  amenities: AmenityId[];
} = {
  bedrooms: 5,
  bathrooms: 4,
  beds: { double: 5, single: 6, bunk: 2 },
  amenities: ['wifi', 'airConditioning', 'jacuzzi', 'parking', 'kitchen', 'bbq'],
};

/**
 * The words of the property's facts (issue 32) in each language: the public pages' server
 * markup, the page's structured data and the panel (Spanish) read them here, so a new bed type
 * or amenity is named once. Zod-free and server-side on the public site (no island carries it).
 */
interface PropertyWords {
  title: string;
  amenitiesTitle: string;
  bedrooms: PluralMessage;
  bathrooms: PluralMessage;
  beds: Record<BedType, PluralMessage>;
  amenities: Record<AmenityId, string>;
}

export const PROPERTY_WORDS: Record<Lang, PropertyWords> = {
  es: {
    title: 'La casa',
    amenitiesTitle: 'Comodidades',
    bedrooms: { one: '{n} habitación', other: '{n} habitaciones' },
    bathrooms: { one: '{n} baño', other: '{n} baños' },
    beds: {
      king: { one: '{n} cama king', other: '{n} camas king' },
      queen: { one: '{n} cama queen', other: '{n} camas queen' },
      double: { one: '{n} cama doble', other: '{n} camas dobles' },
      single: { one: '{n} cama sencilla', other: '{n} camas sencillas' },
      bunk: { one: '{n} camarote', other: '{n} camarotes' },
      sofaBed: { one: '{n} sofá cama', other: '{n} sofás cama' },
      hammock: { one: '{n} hamaca', other: '{n} hamacas' },
    },
    amenities: {
      wifi: 'Wi-Fi',
      airConditioning: 'Aire acondicionado',
      pool: 'Piscina',
      jacuzzi: 'Jacuzzi',
      parking: 'Parqueadero',
      kitchen: 'Cocina equipada',
      bbq: 'Zona BBQ',
      tv: 'Televisor',
      washer: 'Lavadora',
      hotWater: 'Agua caliente',
    },
  },
  en: {
    title: 'The house',
    amenitiesTitle: 'Amenities',
    bedrooms: { one: '{n} bedroom', other: '{n} bedrooms' },
    bathrooms: { one: '{n} bathroom', other: '{n} bathrooms' },
    beds: {
      king: { one: '{n} king bed', other: '{n} king beds' },
      queen: { one: '{n} queen bed', other: '{n} queen beds' },
      double: { one: '{n} double bed', other: '{n} double beds' },
      single: { one: '{n} single bed', other: '{n} single beds' },
      bunk: { one: '{n} bunk bed', other: '{n} bunk beds' },
      sofaBed: { one: '{n} sofa bed', other: '{n} sofa beds' },
      hammock: { one: '{n} hammock', other: '{n} hammocks' },
    },
    amenities: {
      wifi: 'Wi-Fi',
      airConditioning: 'Air conditioning',
      pool: 'Swimming pool',
      jacuzzi: 'Hot tub',
      parking: 'Parking',
      kitchen: 'Equipped kitchen',
      bbq: 'BBQ area',
      tv: 'TV',
      washer: 'Washing machine',
      hotWater: 'Hot water',
    },
  },
};

/** The facts as the pages list them: rooms, then beds by type, then amenities, in the fixed orders. */
export interface PropertyFacts {
  bedrooms: number;
  bathrooms: number;
  beds: Partial<Record<BedType, number>>;
  amenities: readonly AmenityId[];
}

/** Each bed type the house has, with its count, in the fixed order. */
export const bedsOf = (p: PropertyFacts): { type: BedType; count: number }[] =>
  BED_TYPES.flatMap((type) => {
    const count = p.beds[type] ?? 0;
    return count > 0 ? [{ type, count }] : [];
  });

/** The amenities the house has, in the fixed order (whatever order the owner saved them in). */
export const amenitiesOf = (p: PropertyFacts): AmenityId[] => AMENITY_IDS.filter((a) => p.amenities.includes(a));

/** "5 bedrooms", "4 bathrooms", "5 double beds"…, and the amenities' names, in `lang`. */
export function propertyLines(lang: Lang, p: PropertyFacts): { rooms: string[]; beds: string[]; amenities: string[] } {
  const w = PROPERTY_WORDS[lang];
  return {
    rooms: [plural(lang, w.bedrooms, p.bedrooms), plural(lang, w.bathrooms, p.bathrooms)],
    beds: bedsOf(p).map((b) => plural(lang, w.beds[b.type], b.count)),
    amenities: amenitiesOf(p).map((a) => w.amenities[a]),
  };
}
