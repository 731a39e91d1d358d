import type { PaymentConnectionTest, PaymentsStatus, WompiEvent } from '@cabana/shared/domain/schemas/payment';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import type { OnlinePaymentStatus } from '@cabana/shared/domain/schemas/payment';
import { API_PREFIX } from '@cabana/shared/api/http';
import type { WompiConfig } from '../env';
import { notFound } from '../domain-errors';

export const NOT_AVAILABLE = 'El pago en línea no está disponible para esta reserva.';

export interface PaymentServiceDeps {
  wompi: WompiConfig | undefined;
  publicOrigin: string;
}

/** Online payment of the deposit (issue 22): the routes' side; the rules of a booking stay in BookingService. */
export class PaymentService {
  constructor(private readonly deps: PaymentServiceDeps) {}

  status(): PaymentsStatus {
    const { wompi, publicOrigin } = this.deps;
    return wompi
      ? { configured: true, mode: wompi.mode, eventsUrl: `${publicOrigin}${API_PREFIX}/pagos/wompi/eventos` }
      : { configured: false, mode: null, eventsUrl: null };
  }

  // Filled in by the next commit.
  start(_code: string, _token: string): Promise<{ checkoutUrl: string }> {
    return Promise.reject(notFound(NOT_AVAILABLE));
  }

  check(_code: string, _token: string, _id: string): Promise<{ status: OnlinePaymentStatus; booking: GuestBooking }> {
    return Promise.reject(notFound(NOT_AVAILABLE));
  }

  event(_event: WompiEvent): Promise<{ ok: true }> {
    return Promise.reject(notFound(NOT_AVAILABLE));
  }

  testConnection(): Promise<PaymentConnectionTest> {
    return Promise.resolve({ ok: false, mode: null, problems: ['El pago en línea no está configurado.'] });
  }
}
