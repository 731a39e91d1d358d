import type { GuestMailWords } from './guest-words';

/**
 * The English words of the e-mails to a guest who booked on the English site; the owner's
 * messages about the same booking stay Spanish (the admin is Spanish).
 */
export const EN_MAIL_WORDS: GuestMailWords = {
  parts: {
    lang: 'en',
    instantZone: ' (Colombia time)',
    people: (n) => `${n} ${n === 1 ? 'person' : 'people'}`,
    nights: (n) => `${n} ${n === 1 ? 'night' : 'nights'}`,
    booking: 'Booking',
    checkIn: (day, time) => `Check-in: ${day}, from ${time}`,
    checkOut: (day, time) => `Check-out: ${day}, by ${time}`,
    lodging: 'Lodging',
    cleaning: 'Cleaning',
    total: 'Total',
    deposit: 'Deposit',
    balance: 'Balance',
    balanceBy: (day) => `by ${day}`,
    onArrival: 'on arrival',
    bankTransfer: 'Bank transfer',
    askHowToPay: (phone) => `Message us on WhatsApp at ${phone} and we will tell you how to pay.`,
    howToPay: 'How to pay',
    uploadReceipt: 'Upload the receipt on your booking page.',
    policy: 'Cancellation policy',
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    seeBooking: 'See your booking',
    balanceDue: (amount, when) => `Balance due: ${amount}, ${when}.`,
    nothingDue: 'Nothing is left to pay.',
    messageFrom: (host) => `Message from ${host}`,
    address: 'Address',
    map: 'Map',
    fromTolu: 'Getting there from Tolú',
    fromCovenas: 'Getting there from Coveñas',
    checkInSteps: (time) => `Check-in (from ${time})`,
    checkOutSteps: (time) => `Check-out (by ${time})`,
    houseRules: 'House rules',
    host: (name, phone) => `Your host: ${name}, ${phone}`,
    calendarFile: 'Your stay is attached as a calendar file (.ics): open it to add the stay to your calendar.',
    arrivalInstructions: 'Arrival instructions',
  },
  refundHow: (online, days) =>
    `${online ? 'through Wompi, to the card or account you paid with' : 'by bank transfer to the account you give us'}, within ${days} business days`,
  willRefund: (amount, how) => `We will refund ${amount} ${how}.`,
  reason: (reason) => `Reason: ${reason}`,
  askAgain: (phone) => `If you would still like to come, send a new request or message us on WhatsApp at ${phone}.`,
  'guest-received': {
    subject: (code) => `We received your booking request ${code}`,
    body: 'We received your request. The dates are not booked yet: we will write to you soon to accept it and ask for the deposit.',
  },
  'guest-accepted': {
    subject: (due) => `Booking accepted: pay the deposit before ${due}`,
    body: (due, deposit) =>
      `We accepted your booking! We are holding the dates for you until ${due}. Pay the deposit of ${deposit} before then to confirm it; otherwise the dates will be freed.`,
    payOnline: (link) => `Pay the deposit online, by card, PSE or Nequi: ${link}`,
  },
  'guest-confirmed': {
    subject: (code) => `Booking confirmed ${code}`,
    body: (paid) => `Your booking is confirmed! We received ${paid}.`,
    itinerary: 'Your itinerary:',
  },
  'guest-payment': {
    subject: (code) => `We received your payment (booking ${code})`,
    body: (paid, total) => `We recorded your payment. You have paid ${paid} of ${total}.`,
  },
  'guest-hold-reminder': {
    subject: (code) => `Reminder: the deposit for your booking ${code} is due soon`,
    body: (due, deposit) =>
      `We are holding your dates until ${due}. Pay the deposit of ${deposit} before then to confirm the booking.`,
  },
  'guest-registration-reminder': {
    subject: (code) => `Register your party before you arrive: booking ${code}`,
    body: 'Colombian law asks us to register every guest with the Ministry of Commerce, Industry and Tourism (the lodging registration card, TRA) and foreign guests with Migración Colombia. Do it online on your booking page and you will not need to give these details on arrival.',
  },
  'guest-balance-reminder': {
    subject: (code) => `Reminder: balance of your booking ${code}`,
    body: (owed, when) => `A reminder of the balance due: ${owed}, ${when}.`,
  },
  'guest-cancelled': {
    subject: (code) => `Booking cancelled ${code}`,
    body: (byHost) => `Your booking was cancelled${byHost ? ' by the host' : ''}. The dates are free again.`,
    noRefund: 'There is nothing to refund.',
    nothingMore: 'You have nothing more to pay for this booking.',
  },
  'guest-receipt-rejected': {
    subject: (code) => `We checked your receipt (booking ${code})`,
    body: (reason) =>
      `We could not confirm the payment on your receipt. The host gave this reason (in Spanish): ${reason}`,
    stillHeld: (due, deposit) =>
      `We are still holding your dates until ${due}. Pay the deposit of ${deposit} or upload another receipt before then.`,
    help: 'Write to us if you need help with the payment.',
  },
  'guest-payment-refund': {
    subject: (code) => `We received your payment, but booking ${code} had expired`,
    body: (amount) =>
      `We recorded your payment of ${amount}, but the booking's deadline had passed and its nights are no longer free.`,
  },
  'guest-refunded': {
    subject: (code) => `We refunded you (booking ${code})`,
    body: (amount, date) => `We recorded a refund of ${amount} (${date}).`,
    stillOwed: (amount) => `We still owe you ${amount}.`,
  },
  'guest-declined': {
    subject: (code) => `We cannot accept your request ${code}`,
    body: 'We are sorry: we cannot accept your booking request.',
    otherDates: (phone) => `If you would like to look for other dates, message us on WhatsApp at ${phone}.`,
  },
  'guest-expired': {
    subject: (code) => `Your booking ${code} has expired`,
    body: 'The deadline for the deposit passed without our receiving it, so the dates are free again.',
  },
  'guest-link': {
    subject: (code) => `The link to your booking ${code}`,
    body: 'You asked for the link to your booking again. Open it below to see its status, pay or cancel. If you did not ask for it, ignore this e-mail: nobody else received it.',
  },
  'guest-request-expired': {
    subject: (code) => `Your request ${code} has expired`,
    body: 'We are sorry: we could not answer your booking request in time, so we have closed it. You have not been charged anything.',
  },
  'guest-pre-arrival': {
    subject: (code) => `Your arrival is coming up: instructions (booking ${code})`,
    body: (day, time) =>
      `Almost there! We expect you on ${day}, from ${time}. Here is what you need to get here and settle in.`,
  },
  'guest-checkout-reminder': {
    subject: (code) => `Check-out is tomorrow (booking ${code})`,
    body: (day, time) => `A reminder that check-out is tomorrow, ${day}, by ${time}.`,
    thanks: 'Thank you for staying with us! We hope to see you again.',
  },
  'guest-review-invite': {
    subject: 'How was your stay? Tell us',
    body: (until) =>
      `Thank you for staying with us. Would you tell us how it went? Your review helps other travellers decide and helps us improve. The link is yours alone and works for one review until ${until}.`,
    button: 'Write my review',
  },
  'guest-review-reminder': {
    subject: 'Reminder: tell us how your stay was',
    body: (until) =>
      `A week ago we asked for your review of your stay. If you have a moment, it helps us a lot. The link works until ${until}. This is the only reminder.`,
    button: 'Write my review',
  },
};
