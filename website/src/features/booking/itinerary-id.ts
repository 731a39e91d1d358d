/** The id of the itinerary's section on a confirmed booking's private page (issue 32). */
export const ITINERARY_ID = 'itinerario';
