import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import pLimit from 'p-limit';
import type { Image } from '../domain/schemas/image';
import { ACCEPT_ATTRIBUTE, LIMITS } from '../domain/config/limits';
import { usePanel } from './panel-context';
import { usePanelData } from './panel-data';
import { AlertMessage, RowAlert, StatusMessage } from './messages';
import { CaptionEditor, ImageCard } from './image-card';
import { ActionMenu } from './action-menu';
import { titleFromFileName } from '../domain/lib/file-title';
import { formatBytes } from '../domain/lib/format-bytes';
import { fileProblem, makeThumbnail } from './upload-drafts';

/** What a photo of the order carries while dragged (files dropped from the computer carry "Files"). */
const PHOTO_DRAG_TYPE = 'application/x-cabana-photo';

/** How many files travel at once: enough to hide latency, few enough for a rural uplink. */
const PARALLEL_UPLOADS = 2;

interface Draft {
  key: string;
  file: File;
  title: string;
  description: string;
  /** Small data: URL preview, null while it is made or when the browser cannot decode the file. */
  preview: string | null;
  previewDone: boolean;
  state: 'ready' | 'uploading' | 'failed' | 'invalid';
  progress: number;
  error: string | null;
}

let draftCounter = 0;

export function PhotosSection() {
  const { api, failure } = usePanel();
  const { data: images, error: loadError, setData: setImages } = usePanelData('listImages');
  const id = useId();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  /** The published photo being dragged to a new place in the order. */
  const [movingId, setMovingId] = useState<string | null>(null);
  const ordering = useRef(false);
  const gridRef = useRef<HTMLUListElement>(null);
  /** The photo whose actions button gets the focus once it is in its new place (moving a node drops its focus). */
  const focusAfterMove = useRef<{ id: string; kind: 'up' | 'down' | 'cover' } | null>(null);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const card = gridRef.current?.querySelector(`[data-image-id="${CSS.escape(target.id)}"]`);
    card?.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')?.focus();
  }, [images]);
  const controllers = useRef(new Map<string, AbortController>());
  const gridHeading = useRef<HTMLHeadingElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  // Queued uploads read the latest row (a title edited while others upload, a row removed).
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const patch = (key: string, change: Partial<Draft>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));

  function choose(files: FileList | null) {
    if (!files || files.length === 0) return;
    setStatus(null);
    setFormError(null);
    const added: Draft[] = Array.from(files).map((file) => {
      const problem = fileProblem(file);
      return {
        key: `d${++draftCounter}`,
        file,
        title: titleFromFileName(file.name),
        description: '',
        preview: null,
        previewDone: problem !== null,
        state: problem ? 'invalid' : 'ready',
        progress: 0,
        error: problem,
      };
    });
    setDrafts((all) => [...all, ...added]);
    // Previews one at a time: decoding many large photos together would stall the page.
    void (async () => {
      for (const d of added) {
        if (d.state === 'invalid') continue;
        const preview = await makeThumbnail(d.file);
        patch(d.key, { preview, previewDone: true });
      }
    })();
  }

  function removeDraft(key: string) {
    controllers.current.get(key)?.abort();
    setDrafts((all) => all.filter((d) => d.key !== key));
    pickerRef.current?.focus();
  }

  async function uploadOne(key: string): Promise<'ok' | 'failed' | 'cancelled'> {
    const draft = draftsRef.current.find((d) => d.key === key);
    if (!draft) return 'cancelled';
    const controller = new AbortController();
    controllers.current.set(draft.key, controller);
    patch(draft.key, { state: 'uploading', progress: 0, error: null });
    try {
      const image = await api.uploadImage(
        { file: draft.file, title: draft.title.trim(), description: draft.description.trim() },
        (fraction) => patch(draft.key, { progress: fraction }),
        controller.signal,
      );
      setImages((all) => [...all.filter((i) => i.id !== image.id), image]);
      setDrafts((all) => all.filter((d) => d.key !== draft.key));
      return 'ok';
    } catch (err) {
      if (controller.signal.aborted) return 'cancelled';
      const message = failure(err);
      patch(draft.key, { state: 'failed', error: message ?? 'Sesión cerrada.' });
      return 'failed';
    } finally {
      controllers.current.delete(draft.key);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const queue = drafts.filter((d) => d.state === 'ready' || d.state === 'failed');
    if (queue.length === 0 || uploading) return;
    if (queue.some((d) => !d.title.trim())) {
      setFormError('Cada foto necesita un título.');
      return;
    }
    setUploading(true);
    setFormError(null);
    setStatus(null);
    const results = await pLimit(PARALLEL_UPLOADS).map(queue, (d) => uploadOne(d.key));
    const total = results.filter((r) => r !== 'cancelled').length;
    const ok = results.filter((r) => r === 'ok').length;
    setUploading(false);
    if (total === 0) return;
    if (ok === total) {
      setStatus(
        ok === 1 ? 'Foto subida y publicada en la galería.' : `${ok} fotos subidas y publicadas en la galería.`,
      );
    } else if (ok > 0) {
      setStatus(`${ok} de ${total} fotos subidas. Revisa las que fallaron e inténtalo de nuevo.`);
    } else {
      setFormError('No se pudo subir ninguna foto. Revisa los mensajes de cada una.');
    }
  }

  async function remove(image: Image) {
    setDeleting(image.id);
    setRowErrors(({ [image.id]: _, ...rest }) => rest);
    try {
      await api.deleteImage({ id: image.id });
      setImages((all) => all.filter((i) => i.id !== image.id));
      setStatus(`Se eliminó «${image.title}».`);
      gridHeading.current?.focus();
    } catch (err) {
      const message = failure(err);
      if (message) setRowErrors((all) => ({ ...all, [image.id]: message }));
    } finally {
      setDeleting(null);
    }
  }

  /**
   * Saves a new order of the published photos (PUT /api/imagenes/orden). The list moves at once;
   * a refusal puts it back and says why. The announcement tells screen readers where the photo went.
   */
  async function reorder(ids: string[], moved: Image, focusKind: 'up' | 'down' | 'cover' | null) {
    // One save at a time: a second click waits for nothing and is dropped, the list stays consistent.
    if (!images || ordering.current) return;
    const before = images;
    const byId = new Map(images.map((i) => [i.id, i]));
    // Keyboard users stay on the photo they moved (another of its buttons when this one is now disabled).
    if (focusKind) focusAfterMove.current = { id: moved.id, kind: focusKind };
    setImages(() => ids.map((i) => byId.get(i)).filter((i): i is Image => i !== undefined));
    ordering.current = true;
    setRowErrors(({ [moved.id]: _, ...rest }) => rest);
    try {
      const saved = await api.setImageOrder({ ids });
      setImages(() => saved);
      const place = saved.findIndex((i) => i.id === moved.id) + 1;
      setStatus(
        place === 1
          ? `«${moved.title}» es ahora la portada (posición 1 de ${saved.length}).`
          : `«${moved.title}» está ahora en la posición ${place} de ${saved.length}.`,
      );
    } catch (err) {
      if (focusKind) focusAfterMove.current = { id: moved.id, kind: focusKind };
      setImages(() => before);
      const message = failure(err);
      if (message) setRowErrors((all) => ({ ...all, [moved.id]: message }));
    } finally {
      ordering.current = false;
    }
  }

  function move(image: Image, to: number, focusKind: 'up' | 'down' | 'cover' | null) {
    if (!images) return;
    const ids = images.map((i) => i.id).filter((i) => i !== image.id);
    ids.splice(Math.max(0, Math.min(to, ids.length)), 0, image.id);
    if (ids.every((v, i) => v === images[i]?.id)) return;
    void reorder(ids, image, focusKind);
  }

  const sendable = drafts.filter((d) => d.state === 'ready' || d.state === 'failed');
  const canSend = !uploading && sendable.length > 0 && sendable.every((d) => d.title.trim());

  return (
    <section className="adm-section" id="adm-fotos" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} tabIndex={-1}>
        Fotos de la galería
      </h2>

      <form
        className={dragging ? 'adm-upload adm-upload--drag' : 'adm-upload'}
        onSubmit={submit}
        aria-busy={uploading}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          // Without this the browser would open the dropped photo in place of the panel.
          e.preventDefault();
          setDragging(false);
          choose(e.dataTransfer.files);
        }}
      >
        <div className="adm-field">
          <label htmlFor={`${id}-file`}>Elegir fotos</label>
          <input
            ref={pickerRef}
            id={`${id}-file`}
            type="file"
            name="image"
            accept={ACCEPT_ATTRIBUTE}
            multiple
            onChange={(e) => {
              choose(e.target.files);
              // Lets the same file be picked again after it was removed from the list.
              e.target.value = '';
            }}
            aria-describedby={`${id}-file-hint`}
          />
          <span className="adm-hint" id={`${id}-file-hint`}>
            También puedes arrastrarlas aquí. JPEG, PNG, WebP, AVIF o HEIC; hasta {formatBytes(LIMITS.maxUploadBytes)}{' '}
            por foto. Se publican en la galería al subirlas.
          </span>
        </div>

        {drafts.length > 0 && (
          <ul className="adm-drafts" aria-label="Fotos por subir">
            {drafts.map((d, index) => (
              <DraftRow
                key={d.key}
                draft={d}
                index={index}
                disabled={d.state === 'uploading'}
                onChange={(change) => patch(d.key, change)}
                onRemove={() => removeDraft(d.key)}
              />
            ))}
          </ul>
        )}

        <AlertMessage text={formError} />
        <div className="adm-actions">
          <button type="submit" className="adm-button adm-button--primary" disabled={!canSend}>
            {uploading ? 'Subiendo…' : sendable.length > 1 ? `Subir ${sendable.length} fotos` : 'Subir'}
          </button>
        </div>
      </form>
      <StatusMessage text={status} />

      <h3 id={`${id}-grid`} ref={gridHeading} tabIndex={-1}>
        Fotos publicadas{images ? ` (${images.length})` : ''}
      </h3>
      {loadError && <p className="adm-alert">{loadError}</p>}
      {images === null && !loadError && <p className="adm-muted">Cargando fotos…</p>}
      {images !== null && images.length === 0 && <p className="adm-empty">No hay imágenes subidas.</p>}
      {images !== null && images.length > 1 && (
        <p className="adm-hint" id={`${id}-order-hint`}>
          La primera foto es la portada: abre la galería y la página de inicio y aparece al compartir el enlace.
          Arrastra las fotos o usa «Mover antes» y «Mover después» para cambiar el orden; las fotos nuevas van al final.
        </p>
      )}
      {images !== null && images.length > 0 && (
        <ul className="adm-grid" aria-labelledby={`${id}-grid`} aria-describedby={`${id}-order-hint`} ref={gridRef}>
          {images.map((image, index) => (
            <ImageCard
              key={image.id}
              image={image}
              itemProps={{
                draggable: true,
                className: movingId === image.id ? 'adm-card adm-card--moving' : 'adm-card',
                onDragStart: (e) => {
                  e.dataTransfer.setData(PHOTO_DRAG_TYPE, image.id);
                  e.dataTransfer.effectAllowed = 'move';
                  setMovingId(image.id);
                },
                onDragEnd: () => setMovingId(null),
                onDragOver: (e) => {
                  if (!e.dataTransfer.types.includes(PHOTO_DRAG_TYPE)) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                },
                onDrop: (e) => {
                  const dragged = images.find((i) => i.id === e.dataTransfer.getData(PHOTO_DRAG_TYPE));
                  if (!dragged) return;
                  e.preventDefault();
                  setMovingId(null);
                  move(dragged, index, null);
                },
              }}
            >
              <div className="adm-order">
                {index === 0 ? (
                  <span className="adm-cover" data-testid="adm-portada">
                    Portada
                  </span>
                ) : (
                  <span className="adm-muted">Posición {index + 1}</span>
                )}
                <ActionMenu
                  label={`Más acciones para «${image.title}»`}
                  actions={[
                    { label: 'Editar texto', onSelect: () => setEditing(image.id) },
                    ...(index > 0
                      ? [
                          { label: 'Usar como portada', onSelect: () => move(image, 0, 'cover') },
                          { label: 'Mover antes', onSelect: () => move(image, index - 1, 'up') },
                        ]
                      : []),
                    ...(index < images.length - 1
                      ? [{ label: 'Mover después', onSelect: () => move(image, index + 1, 'down') }]
                      : []),
                    {
                      label: 'Eliminar',
                      danger: true,
                      disabled: deleting === image.id,
                      onSelect: () => void remove(image),
                    },
                  ]}
                />
              </div>
              {editing === image.id ? (
                <CaptionEditor
                  image={image}
                  onCancel={() => setEditing(null)}
                  onSaved={(saved) => {
                    setImages((all) => all.map((i) => (i.id === saved.id ? saved : i)));
                    setEditing(null);
                    setStatus(`Se guardó el texto de «${saved.title}».`);
                  }}
                />
              ) : (
                <>
                  <p className="adm-card-title">{image.title}</p>
                  {image.description && <p className="adm-card-text">{image.description}</p>}
                  <RowAlert text={rowErrors[image.id]} />
                </>
              )}
            </ImageCard>
          ))}
        </ul>
      )}
    </section>
  );
}

interface DraftRowProps {
  draft: Draft;
  index: number;
  disabled: boolean;
  onChange(change: Partial<Draft>): void;
  onRemove(): void;
}

function DraftRow({ draft, index, disabled, onChange, onRemove }: DraftRowProps) {
  const id = useId();
  const percent = Math.round(draft.progress * 100);
  return (
    <li className={`adm-draft adm-draft--${draft.state}`}>
      <div className="adm-draft-preview">
        {draft.preview ? (
          <img src={draft.preview} alt={`Vista previa de ${draft.file.name}`} />
        ) : (
          <span className="adm-muted">{draft.previewDone ? 'Sin vista previa' : 'Preparando vista previa…'}</span>
        )}
      </div>
      <div className="adm-draft-fields">
        <p className="adm-draft-name">
          {draft.file.name} <span className="adm-muted">· {formatBytes(draft.file.size)}</span>
        </p>
        {draft.state !== 'invalid' && (
          <>
            <div className="adm-field">
              <label htmlFor={`${id}-t`}>Título de la foto {index + 1}</label>
              <input
                id={`${id}-t`}
                value={draft.title}
                required
                maxLength={LIMITS.titleMax}
                disabled={disabled}
                onChange={(e) => onChange({ title: e.target.value })}
              />
            </div>
            <div className="adm-field">
              <label htmlFor={`${id}-d`}>Descripción de la foto {index + 1}</label>
              <textarea
                id={`${id}-d`}
                value={draft.description}
                rows={2}
                maxLength={LIMITS.descriptionMax}
                disabled={disabled}
                onChange={(e) => onChange({ description: e.target.value })}
              />
            </div>
          </>
        )}
        {draft.state === 'uploading' && (
          <div className="adm-progress">
            <progress max={100} value={percent} aria-label={`Progreso de ${draft.file.name}`} />
            <span>{percent} %</span>
          </div>
        )}
        {draft.error && (
          <p className="adm-alert" role="alert">
            {draft.error}
          </p>
        )}
        <div className="adm-actions">
          <button type="button" className="adm-button" onClick={onRemove}>
            {draft.state === 'uploading' ? 'Cancelar' : 'Quitar'}
            <span className="adm-visually-hidden"> {draft.file.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
