import { useEffect, useState } from 'react';
import type { Booking } from '../domain/schemas/booking';
import { usePanel } from './panel-context';
import { RowAlert } from './messages';

/** What kind of file a receipt is, by the type the server sniffed. */
const receiptKind = (type: string) => (type === 'application/pdf' ? 'PDF' : 'imagen');

/**
 * A booking's receipts (issue 33): each loaded once through the panel's API (the web's fetch or
 * the desktop's bridge), an image shown as a preview, and every one downloaded from a link named
 * by the type the server sniffed, never by the guest's file name. PDFs are not drawn in the page
 * (the panel's CSP allows no frames or objects): the link opens the file.
 */
export function BookingReceipts({ booking: b }: { booking: Booking }) {
  if (b.receipts.length === 0) return null;
  return (
    <ul className="adm-receipts" aria-label="Comprobantes">
      {b.receipts.map((r, i) => (
        <ReceiptItem key={r.id} bookingId={b.id} receipt={r} index={i + 1} />
      ))}
    </ul>
  );
}

function ReceiptItem({
  bookingId,
  receipt: r,
  index,
}: {
  bookingId: string;
  receipt: Booking['receipts'][number];
  index: number;
}) {
  const { api, failure } = usePanel();
  const [file, setFile] = useState<{ url: string; name: string } | null>(null);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let url: string | undefined;
    let gone = false;
    api
      .getBookingReceipt({ id: bookingId, receiptId: r.id })
      .then((got) => {
        if (gone) return;
        const bytes = Uint8Array.from(atob(got.data), (c) => c.charCodeAt(0));
        url = URL.createObjectURL(new Blob([bytes], { type: got.type }));
        setFile({ url, name: got.fileName });
      })
      .catch((err: unknown) => {
        if (!gone) setError(failure(err) ?? undefined);
      });
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, failure, bookingId, r.id]);

  const label = `comprobante ${index} (${receiptKind(r.type)})`;
  return (
    <li className="adm-receipt">
      {file && r.type !== 'application/pdf' && <img src={file.url} alt={`Vista previa del ${label}`} />}
      {file ? (
        <a href={file.url} download={file.name}>
          Descargar {label}
        </a>
      ) : (
        !error && <span className="adm-muted">Cargando {label}…</span>
      )}
      <span className="adm-muted">archivo del huésped: {r.name}</span>
      <RowAlert text={error} />
    </li>
  );
}
