import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, publicSettings } from '@cabana/shared/domain/config/settings';
import type { PageData } from '@cabana/shared/domain/pages/page-data';
import { PROPERTY_DEFAULTS } from '@cabana/shared/domain/config/property-words';
import { PublicSettingsSchema } from '@cabana/shared/domain/schemas/settings';
import { headFor, lodgingBusinessJsonLd } from '../head';

/** The home page's data with the house the owner describes (issue 32). */
const data = (property: PageData['settings']['property']): PageData =>
  ({
    price: 80_000,
    images: [],
    settings: PublicSettingsSchema.parse({ ...publicSettings({ ...DEFAULT_SETTINGS, property }) }),
  }) as unknown as PageData;

describe('the home page’s structured data (issue 32)', () => {
  const house = data({
    bedrooms: 6,
    bathrooms: 3,
    beds: { hammock: 4, king: 1, single: 1 },
    amenities: ['pool', 'wifi'],
  });

  it('is a VacationRental whose Accommodation has the bedrooms, bathrooms, beds by type and amenities', () => {
    const ld = lodgingBusinessJsonLd(house, 'en');
    expect(ld['@type']).toBe('VacationRental');
    expect(ld.containsPlace).toEqual({
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      numberOfBedrooms: 6,
      numberOfBathroomsTotal: 3,
      // In the fixed order of bed types, whatever the stored order; one BedDetails per type.
      bed: [
        { '@type': 'BedDetails', numberOfBeds: 1, typeOfBed: 'king bed' },
        { '@type': 'BedDetails', numberOfBeds: 1, typeOfBed: 'single bed' },
        { '@type': 'BedDetails', numberOfBeds: 4, typeOfBed: 'hammock' },
      ],
      occupancy: { '@type': 'QuantitativeValue', maxValue: DEFAULT_SETTINGS.maxPeople },
      amenityFeature: [
        { '@type': 'LocationFeatureSpecification', name: 'Wi-Fi', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Swimming pool', value: true },
      ],
    });
    // The business itself lists the same amenities (LodgingBusiness.amenityFeature).
    expect(ld.amenityFeature).toEqual(ld.containsPlace.amenityFeature);
  });

  it('names beds and amenities in the page’s language', () => {
    const ld = lodgingBusinessJsonLd(house, 'es');
    expect(ld.containsPlace.bed.map((b) => b.typeOfBed)).toEqual(['cama king', 'cama sencilla', 'hamaca']);
    expect(ld.amenityFeature.map((a) => a.name)).toEqual(['Wi-Fi', 'Piscina']);
  });

  it('leaves out bed types at 0 and amenities the house lacks; a fresh install describes a house for 20', () => {
    const bare = lodgingBusinessJsonLd(data({ bedrooms: 0, bathrooms: 1, beds: { double: 0 }, amenities: [] }), 'es');
    expect(bare.containsPlace.bed).toEqual([]);
    expect(bare.amenityFeature).toEqual([]);
    const fresh = lodgingBusinessJsonLd(data(PROPERTY_DEFAULTS), 'en').containsPlace;
    expect(fresh.numberOfBedrooms).toBe(5);
    // Double beds sleep 2, bunk beds 2, single beds 1: the building's 20.
    const sleeps = { 'double bed': 2, 'bunk bed': 2, 'single bed': 1 } as Record<string, number>;
    expect(fresh.bed.reduce((n, b) => n + b.numberOfBeds * sleeps[b.typeOfBed]!, 0)).toBe(20);
  });

  it('is in the home page’s head as JSON that parses back to the same object', () => {
    const head = headFor('/en', house);
    const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(head)?.[1];
    expect(JSON.parse(json!)).toEqual(JSON.parse(JSON.stringify(lodgingBusinessJsonLd(house, 'en'))));
  });
});
