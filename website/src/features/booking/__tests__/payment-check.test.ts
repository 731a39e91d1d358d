import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '@cabana/shared/api/public-routes';
import { fillPath } from '@cabana/shared/api/route';
import { checkPaymentPath } from '../payment-check';

describe("the return page's own call", () => {
  it("goes to the contract's checkOnlinePayment row", () => {
    expect(PUBLIC_ROUTES.checkOnlinePayment.method).toBe('POST');
    expect(checkPaymentPath('AB2C/D')).toBe(fillPath(PUBLIC_ROUTES.checkOnlinePayment, { code: 'AB2C/D' }).path);
  });
});
