/** How many photos the home page shows (the first ones of the owner's order). */
export const FEATURED_PHOTOS = 3;
