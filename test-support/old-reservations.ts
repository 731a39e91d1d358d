import { randomBytes } from 'node:crypto';
import type { Enquiry, EnquiryStatus } from '@cabana/shared/domain/schemas/enquiry';
import type { TestServer } from './server';

/**
 * A request of the old reservation form (before issue 33), as a data folder migrated from then
 * holds it: archived, in Consultas, with its status. POST /api/consultas refuses new ones, so
 * tests of what such a request still does (a confirmed one blocks its nights, the owner may
 * cancel it) put it in the running server's store, saved like any change. Answers its id.
 */
export async function storeOldReservation(
  server: TestServer,
  fields: {
    checkIn: string;
    checkOut: string;
    name?: string;
    email?: string;
    phone?: string;
    numPeople?: number;
    status?: EnquiryStatus;
    message?: string;
  },
): Promise<string> {
  const { store } = server.running.deps;
  const at = new Date(server.clock.now()).toISOString();
  const id = randomBytes(12).toString('base64url');
  const enquiry: Enquiry = {
    type: 'reserva',
    id,
    name: fields.name ?? 'Lucía Fernández',
    email: fields.email ?? 'lucia@example.com',
    phone: fields.phone ?? '+57 300 765 4321',
    checkIn: fields.checkIn,
    checkOut: fields.checkOut,
    numPeople: fields.numPeople ?? 4,
    message: fields.message ?? '',
    status: fields.status ?? 'nueva',
    createdAt: at,
    consentAt: at,
    policyVersion: '2025-01',
    archivedAt: at,
  };
  store.data.enquiries.push(enquiry);
  await store.save();
  return id;
}
