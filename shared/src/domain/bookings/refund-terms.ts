/**
 * How long a refund takes at most, promised on the guest's page and in the e-mails (business
 * days). A leaf of its own: the guest's page reads it without loading the lifecycle table.
 */
export const REFUND_WITHIN_BUSINESS_DAYS = 10;
