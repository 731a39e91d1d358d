import { useId, useRef, useState } from 'react';
import type { Image } from '../domain/schemas/image';
import { usePanel } from './panel-context';
import { usePanelCache, usePanelData } from './panel-data';
import { RowAlert, StatusMessage } from './messages';
import { ImageCard } from './image-card';
import { formatReceivedAt } from '../domain/lib/owner-dates';

/** Photos visitors sent from /imagenes: hidden from the gallery until approved here. */
export function PendingSection() {
  const { api, failure } = usePanel();
  const id = useId();
  const { data: pending, setData: setPending, error: loadError } = usePanelData('listPendingImages');
  const cache = usePanelCache();
  const [busy, setBusy] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function act(image: Image, action: 'approve' | 'delete') {
    setBusy(image.id);
    setStatus(null);
    setRowErrors(({ [image.id]: _, ...rest }) => rest);
    try {
      if (action === 'approve') {
        const approved = await api.approveImage({ id: image.id });
        // It goes last in the published order, as the server put it.
        cache.set('listImages', (all) => [...all.filter((i) => i.id !== approved.id), approved]);
        setStatus(`Se aprobó «${image.title}»: ya aparece en la galería.`);
      } else {
        await api.deleteImage({ id: image.id });
        setStatus(`Se eliminó «${image.title}».`);
      }
      setPending((all) => all.filter((i) => i.id !== image.id));
      heading.current?.focus();
    } catch (err) {
      const message = failure(err);
      if (message) setRowErrors((all) => ({ ...all, [image.id]: message }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="adm-section" id="adm-pendientes" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
        Pendientes{pending && pending.length > 0 ? ` (${pending.length})` : ''}
      </h2>
      <p className="adm-muted">Fotos enviadas por visitantes desde /imagenes. Solo se publican si las apruebas.</p>
      <StatusMessage text={status} />
      {loadError && <p className="adm-alert">{loadError}</p>}
      {pending === null && !loadError && <p className="adm-muted">Cargando…</p>}
      {pending !== null && pending.length === 0 && <p className="adm-empty">No hay fotos pendientes de aprobación.</p>}
      {pending !== null && pending.length > 0 && (
        <ul className="adm-grid" aria-label="Fotos pendientes">
          {pending.map((image) => (
            <ImageCard key={image.id} image={image}>
              <p className="adm-card-title">{image.title}</p>
              {image.description && <p className="adm-card-text">{image.description}</p>}
              <p className="adm-muted">
                Enviada{image.uploaded_by ? ` por ${image.uploaded_by}` : ''} el {formatReceivedAt(image.created_at)}
              </p>
              <RowAlert text={rowErrors[image.id]} />
              <div className="adm-actions">
                <button
                  type="button"
                  className="adm-button adm-button--primary"
                  disabled={busy === image.id}
                  onClick={() => void act(image, 'approve')}
                  aria-label={`Aprobar «${image.title}»`}
                >
                  Aprobar
                </button>
                <button
                  type="button"
                  className="adm-button adm-button--danger"
                  disabled={busy === image.id}
                  onClick={() => void act(image, 'delete')}
                  aria-label={`Eliminar «${image.title}»`}
                >
                  Eliminar
                </button>
              </div>
            </ImageCard>
          ))}
        </ul>
      )}
    </section>
  );
}
