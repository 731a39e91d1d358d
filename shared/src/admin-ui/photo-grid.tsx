import { useEffect, useRef, useState } from 'react';
import type { Image } from '../domain/schemas/image';
import { usePanel } from './panel-context';
import type { PanelUpdate } from './panel-data';
import { RowAlert } from './messages';
import { CaptionEditor, ImageCard } from './image-card';
import { ActionMenu } from './action-menu';
import { ConfirmPrompt } from './confirm-prompt';

/** What a photo of the order carries while dragged (files dropped from the computer carry "Files"). */
const PHOTO_DRAG_TYPE = 'application/x-cabana-photo';

interface PhotoGridProps {
  /** The section's id prefix (useId). */
  id: string;
  /** The published photos in their order, null until loaded. */
  images: Image[] | null;
  loadError: string | null;
  setImages(update: PanelUpdate<Image[]>): void;
  /** The section's status line. */
  setStatus(status: string | null): void;
}

/** The published photos: their order (drag, or the actions menu), their texts, removing one. */
export function PhotoGrid({ id, images, loadError, setImages, setStatus }: PhotoGridProps) {
  const { api, failure } = usePanel();
  const [editing, setEditing] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<string | null>(null);
  /** The published photo being dragged to a new place in the order. */
  const [movingId, setMovingId] = useState<string | null>(null);
  /** The photo whose deletion waits for a yes. */
  const [confirming, setConfirming] = useState<string | null>(null);
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
  const gridHeading = useRef<HTMLHeadingElement>(null);

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

  return (
    <>
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
                      // Asks first (issue 33): the question opens on the card.
                      onSelect: () => setConfirming(image.id),
                    },
                  ]}
                />
              </div>
              {confirming === image.id && (
                <ConfirmPrompt
                  question={`¿Eliminar «${image.title}»? Sale de la galería y no se puede deshacer.`}
                  busy={deleting === image.id}
                  onConfirm={() => {
                    setConfirming(null);
                    void remove(image);
                  }}
                  onCancel={() => setConfirming(null)}
                />
              )}
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
    </>
  );
}
