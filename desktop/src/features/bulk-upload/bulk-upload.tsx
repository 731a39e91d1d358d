import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@cabana/shared/domain/lib/format-bytes';
import type { QueueItem, QueueSnapshot } from '../../../contract/ipc';
import { errorMessage, getBridge, unwrap } from '../../lib/bridge';
import { STATE_LABEL, summaryText } from './format';

interface Props {
  /** The server refused the token: back to sign-in. */
  onSessionLost(): void;
}

const EMPTY: QueueSnapshot = {
  items: [],
  skipped: [],
  running: false,
  authLost: false,
  overall: { total: 0, done: 0, failed: 0, cancelled: 0, fraction: 0 },
  summary: null,
};

function TitleField({ item, onError }: { item: QueueItem; onError(message: string | null): void }) {
  const id = useId();
  const editable = item.state === 'queued' || item.state === 'failed';
  const [value, setValue] = useState(item.title);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setValue(item.title);
  }, [item.title]);

  async function commit() {
    focused.current = false;
    if (value.trim() === item.title) return;
    try {
      await unwrap(getBridge().setUploadTitle({ id: item.id, title: value }));
      onError(null);
    } catch (err) {
      onError(errorMessage(err));
      setValue(item.title);
    }
  }

  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Título de {item.name}
      </label>
      <input
        id={id}
        className="title-input"
        type="text"
        value={value}
        maxLength={120}
        readOnly={!editable}
        onFocus={() => {
          focused.current = true;
        }}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        }}
      />
    </>
  );
}

/** Drop many photos or whole folders; a queue with per-file and overall progress. */
export function BulkUpload({ onSessionLost }: Props) {
  const [snap, setSnap] = useState<QueueSnapshot>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();

  const [thumbnails, setThumbnails] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    const bridge = getBridge();
    const stopSnapshots = bridge.onUploadsChanged(setSnap);
    const stopThumbnails = bridge.onUploadThumbnail(({ id, dataUrl }) =>
      setThumbnails((all) => new Map(all).set(id, dataUrl)),
    );
    void unwrap(bridge.getUploads()).then(
      (full) => {
        setSnap(full);
        setThumbnails((all) => {
          const next = new Map(all);
          for (const item of full.items) if (item.thumbnail) next.set(item.id, item.thumbnail);
          return next;
        });
      },
      (err: unknown) => setError(errorMessage(err)),
    );
    return () => {
      stopSnapshots();
      stopThumbnails();
    };
  }, []);

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof Error && 'status' in err && (err as { status: number }).status === 401) onSessionLost();
    }
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    const bridge = getBridge();
    const paths = Array.from(e.dataTransfer.files)
      .map((f) => bridge.getPathForFile(f))
      .filter((p) => p !== '');
    if (paths.length === 0) {
      setError('No se pudieron leer los archivos soltados.');
      return;
    }
    void run(() => unwrap(bridge.addUploadPaths({ paths })));
  }

  const queued = snap.items.filter((i) => i.state === 'queued').length;
  const failed = snap.overall.failed;
  const percent = Math.round(snap.overall.fraction * 100);

  return (
    <section aria-labelledby={headingId} className="bulk">
      <h2 id={headingId}>Subida masiva de fotos</h2>
      <div
        className={`dropzone${dragging ? ' dragging' : ''}`}
        data-testid="dropzone"
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          <strong>Arrastra aquí fotos o carpetas completas.</strong>
          <br />
          Las fotos grandes se reducen antes de enviarlas, para ahorrar datos.
        </p>
        <div className="actions">
          <button type="button" onClick={() => void run(() => unwrap(getBridge().pickUploadFiles({ folders: false })))}>
            Elegir fotos
          </button>
          <button type="button" onClick={() => void run(() => unwrap(getBridge().pickUploadFiles({ folders: true })))}>
            Elegir carpeta
          </button>
        </div>
      </div>

      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {snap.authLost && (
        <div role="alert" className="error">
          <p>Tu sesión terminó durante la subida. Las fotos que faltan siguen en la cola.</p>
          <button type="button" onClick={onSessionLost}>
            Iniciar sesión de nuevo
          </button>
        </div>
      )}

      <div className="queue-toolbar">
        <button
          type="button"
          className="primary"
          disabled={snap.running || queued === 0}
          onClick={() => void run(() => unwrap(getBridge().startUploads()))}
        >
          {queued === 1 ? 'Subir 1 foto' : `Subir ${queued} fotos`}
        </button>
        <button
          type="button"
          disabled={snap.running || failed === 0}
          onClick={() => void run(() => unwrap(getBridge().retryFailedUploads()))}
        >
          Reintentar fallidas ({failed})
        </button>
        <button
          type="button"
          disabled={!snap.running}
          onClick={() => void run(() => unwrap(getBridge().cancelUploads()))}
        >
          Cancelar
        </button>
        <button
          type="button"
          disabled={snap.running || (snap.items.length === 0 && snap.skipped.length === 0)}
          onClick={() => void run(() => unwrap(getBridge().clearFinishedUploads()))}
        >
          Limpiar lista
        </button>
      </div>

      {snap.overall.total > 0 && (
        <div className="overall">
          <label htmlFor="overall-progress">
            Progreso total: {snap.overall.done} de {snap.overall.total} subidas
            {failed > 0 ? `, ${failed} con error` : ''} ({percent} %)
          </label>
          <progress id="overall-progress" max={1} value={snap.overall.fraction} />
        </div>
      )}

      <div role="status" aria-live="polite" className="summary" data-testid="summary">
        {snap.summary ? summaryText(snap.summary) : ''}
      </div>

      {snap.items.length > 0 && (
        <ul className="queue" aria-label="Fotos en la cola">
          {snap.items.map((item) => (
            <li key={item.id} className={`queue-item state-${item.state}`} data-testid="queue-item">
              {thumbnails.has(item.id) ? (
                <img className="thumb" src={thumbnails.get(item.id)} alt="" width={64} height={64} />
              ) : (
                <span className="thumb placeholder" aria-hidden="true" />
              )}
              <div className="queue-main">
                <TitleField item={item} onError={setError} />
                <p className="meta">
                  <span className="mono">{item.name}</span> · {formatBytes(item.size)} ·{' '}
                  <span className="state">{STATE_LABEL[item.state]}</span>
                  {item.error && item.state !== 'cancelled' ? (
                    <span className="item-error"> — {item.error}</span>
                  ) : null}
                </p>
                <progress
                  max={1}
                  value={item.state === 'done' ? 1 : item.totalBytes ? item.sentBytes / item.totalBytes : 0}
                  aria-label={`Progreso de ${item.name}`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}

      {snap.skipped.length > 0 && (
        <details className="skipped" open>
          <summary>Archivos omitidos ({snap.skipped.length})</summary>
          <ul>
            {snap.skipped.map((s, i) => (
              <li key={`${s.path}-${i}`} data-testid="skipped-item">
                <span className="mono">{s.name}</span>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
