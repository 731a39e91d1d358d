import { useEffect, useId, useState } from 'react';
import { formatMonth, formatReceivedAt, formatStayDate } from '../domain/lib/owner-dates';
import type { SireMonth } from '../domain/schemas/sire';
import { AlertMessage, StatusMessage } from './messages';
import { usePanel } from './panel-context';
import { usePanelCache, usePanelData } from './panel-data';

/** How the owner gets MinCIT's PMS token (docs COLOMBIA.md): the one place the panel says it. */
export const TRA_TOKEN_HOWTO =
  'Sin el token de MinCIT no se envía nada a la Tarjeta de Registro de Alojamiento (TRA). Para obtenerlo, pídelo en pms.mincit.gov.co/token/ con el número de RNT (llega al correo registrado en el RNT) y ponlo en la variable TRA_TOKEN del servidor.';

/**
 * Reservas › Registro de huéspedes (issue 34): whether MinCIT's token is set (and how to get it),
 * and the SIRE file month by month: download it, upload it by hand in Migración's portal, mark it
 * as uploaded. Movements the file cannot carry (an unknown code) are listed, never guessed.
 */
export function RegistrationBox() {
  const id = useId();
  const loaded = usePanelData('getRegistrationStatus');
  const s = loaded.data;
  return (
    <section className="adm-subsection" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Registro de huéspedes: TRA y SIRE</h3>
      {!s ? (
        <p>{loaded.error ?? 'Cargando…'}</p>
      ) : (
        <>
          <p>
            {s.traConfigured ? (
              <>
                <span className="adm-badge adm-badge--ok">TRA conectada</span> Cada reserva confirmada se envía a MinCIT
                el día de llegada, desde la hora de check-in; sus códigos aparecen en la reserva.
              </>
            ) : (
              <>
                <span className="adm-badge adm-badge--off">TRA sin token</span> {TRA_TOKEN_HOWTO}
              </>
            )}
          </p>
          {!s.sireConfigured && (
            <p className="adm-hint">
              Para el archivo del SIRE, escribe en Ajustes el código del establecimiento en el SIRE y el código DIVIPOLA
              de la ciudad.
            </p>
          )}
          {s.months.length === 0 ? (
            <p>No hay movimientos de huéspedes extranjeros que reportar al SIRE.</p>
          ) : (
            <ul className="adm-sire-months" aria-label="Archivos del SIRE por mes">
              {s.months.map((m) => (
                <SireMonthItem key={m.month} month={m} configured={s.sireConfigured} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function SireMonthItem({ month: m, configured }: { month: SireMonth; configured: boolean }) {
  const { api, failure } = usePanel();
  const cache = usePanelCache();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([m.text], { type: 'text/plain;charset=utf-8' }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [m.text]);

  async function mark() {
    setBusy(true);
    setError(null);
    try {
      cache.set('getRegistrationStatus', await api.markSireUploaded({ month: m.month }));
      cache.invalidate('getOverview');
      setStatus(`${formatMonth(m.month)} marcado como subido.`);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  const name = formatMonth(m.month);
  const grew = m.uploadedMovements !== null && m.movements > m.uploadedMovements;
  return (
    <li aria-label={`SIRE de ${name}`}>
      <p>
        <strong>{name}</strong>: {m.movements} {m.movements === 1 ? 'movimiento' : 'movimientos'} ({m.due} ya{' '}
        {m.due === 1 ? 'ocurrido' : 'ocurridos'}){' '}
        {m.uploadedAt ? (
          <span className={grew ? 'adm-badge adm-badge--warn' : 'adm-badge adm-badge--ok'}>
            {grew ? 'Hay movimientos nuevos desde que lo subiste' : `Subido el ${formatReceivedAt(m.uploadedAt)}`}
          </span>
        ) : (
          <span className="adm-badge adm-badge--warn">Sin subir</span>
        )}
      </p>
      {m.problems.length > 0 && (
        <ul aria-label={`Movimientos que no entran en el archivo de ${name}`}>
          {m.problems.map((p, i) => (
            <li key={i}>
              {p.guest} (reserva {p.code}), {p.movement === 'E' ? 'entrada' : 'salida'} el {formatStayDate(p.date)}:{' '}
              {p.text}.
            </li>
          ))}
        </ul>
      )}
      {configured && url && m.movements > 0 && (
        <a className="adm-button" href={url} download={m.fileName}>
          Descargar archivo de {name}
        </a>
      )}{' '}
      {configured && (m.uploadedAt === null || grew) && m.movements > 0 && (
        <button type="button" className="adm-button" disabled={busy} onClick={() => void mark()}>
          Marcar {name} como subido
        </button>
      )}
      <StatusMessage text={status} />
      <AlertMessage text={error} />
    </li>
  );
}
