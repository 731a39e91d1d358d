/**
 * Icons of the site's frame (header, WhatsApp button) and of more than one page. The footer's and
 * the contact details' own icons are in contact-icons.ts: kept apart, they stay out of the pages
 * that do not show them (the footer's content is rendered by the server, or by the owner's app).
 */
export const ICONS = {
  whatsapp:
    'M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4l-4.5 1.1zM9 8.5c0 3.5 3 6.5 6.5 6.5l1.2-1.5-2-1-1 .8a4.5 4.5 0 0 1-2.5-2.5l.8-1-1-2L9 8.5z',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a6 6 0 0 1 4 7',
  wave: 'M2 9c2 0 2-2 4-2s2 2 4 2 2-2 4-2 2 2 4 2 2-2 4-2M2 15c2 0 2-2 4-2s2 2 4 2 2-2 4-2 2 2 4 2 2-2 4-2',
} as const;
