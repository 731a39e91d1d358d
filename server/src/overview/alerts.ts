import { formatStayDate } from '@cabana/shared/domain/lib/owner-dates';
import type { AlertItem, Alerts } from '@cabana/shared/domain/schemas/overview';
import type { OverviewInput } from './overview-model';

/**
 * What waits for the owner, one item per thing (a new request or message, a payment or a receipt
 * to look at), newest first. Ids are stable, so a poller notifies only the ones it has not seen.
 */
export function computeAlerts(input: Pick<OverviewInput, 'enquiries' | 'bookings' | 'payments'>): Alerts {
  const items: AlertItem[] = [];
  for (const e of input.enquiries) {
    if (e.status !== 'nueva') continue;
    items.push(
      e.type === 'reserva'
        ? {
            id: `solicitud:${e.id}`,
            kind: 'solicitud',
            at: e.createdAt,
            title: 'Nueva solicitud de reserva',
            body: `${e.name}: del ${formatStayDate(e.checkIn)} al ${formatStayDate(e.checkOut)}, ${e.numPeople} ${e.numPeople === 1 ? 'persona' : 'personas'}`,
            link: 'consultas',
          }
        : {
            id: `consulta:${e.id}`,
            kind: 'consulta',
            at: e.createdAt,
            title: 'Nuevo mensaje de contacto',
            body: e.name,
            link: 'consultas',
          },
    );
  }
  for (const b of input.bookings ?? []) {
    if (b.state !== 'solicitada') continue;
    items.push({
      id: `solicitud:${b.id}`,
      kind: 'solicitud',
      at: b.createdAt,
      title: 'Nueva solicitud de reserva',
      body: `${b.name}: del ${formatStayDate(b.checkIn)} al ${formatStayDate(b.checkOut)}`,
      link: 'reservas',
    });
  }
  for (const p of input.payments ?? [])
    items.push({ id: `${p.kind}:${p.id}`, kind: p.kind, at: p.at, title: p.title, body: p.body, link: 'reservas' });
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { count: items.length, items };
}
