import { useId, useState, type FormEvent, type LiHTMLAttributes, type ReactNode } from 'react';
import type { Image } from '../domain/schemas/image';
import { LIMITS } from '../domain/config/limits';
import { usePanel } from './panel-context';

/** Picture of a stored image: the server's variants for srcset, its size to keep the layout still. */
function StoredPicture({ image }: { image: Image }) {
  const srcSet = image.variants
    .filter((v) => v.format === 'jpeg')
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
  return (
    <img
      className="adm-thumb"
      src={image.secure_url}
      srcSet={srcSet || undefined}
      sizes="(min-width: 900px) 260px, 50vw"
      width={image.width}
      height={image.height}
      alt={image.title}
      loading="lazy"
      decoding="async"
      style={image.placeholder ? { backgroundImage: `url("${image.placeholder}")` } : undefined}
    />
  );
}

interface CaptionEditorProps {
  image: Image;
  onSaved(image: Image): void;
  onCancel(): void;
}

/** Inline editor for an image's title and description. */
export function CaptionEditor({ image, onSaved, onCancel }: CaptionEditorProps) {
  const { api, failure } = usePanel();
  const id = useId();
  const [title, setTitle] = useState(image.title);
  const [description, setDescription] = useState(image.description);
  // For the English site; empty: it shows the Spanish ones.
  const [titleEn, setTitleEn] = useState(image.titleEn ?? '');
  const [descriptionEn, setDescriptionEn] = useState(image.descriptionEn ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSaved(await api.updateImage({ id: image.id, title, description, titleEn, descriptionEn }));
    } catch (err) {
      const message = failure(err);
      if (message) setError(message);
      setBusy(false);
    }
  }

  return (
    <form className="adm-caption-form" onSubmit={submit} aria-busy={busy}>
      <div className="adm-field">
        <label htmlFor={`${id}-t`}>Título</label>
        <input
          id={`${id}-t`}
          value={title}
          required
          maxLength={LIMITS.titleMax}
          onChange={(e) => setTitle(e.target.value)}
          // The editor opens on demand, so moving focus into it is expected.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
      </div>
      <div className="adm-field">
        <label htmlFor={`${id}-d`}>Descripción</label>
        <textarea
          id={`${id}-d`}
          value={description}
          rows={3}
          maxLength={LIMITS.descriptionMax}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="adm-field">
        <label htmlFor={`${id}-te`}>Título (inglés, opcional)</label>
        <input
          id={`${id}-te`}
          value={titleEn}
          maxLength={LIMITS.titleMax}
          onChange={(e) => setTitleEn(e.target.value)}
        />
      </div>
      <div className="adm-field">
        <label htmlFor={`${id}-de`}>Descripción (inglés, opcional)</label>
        <textarea
          id={`${id}-de`}
          value={descriptionEn}
          rows={3}
          maxLength={LIMITS.descriptionMax}
          onChange={(e) => setDescriptionEn(e.target.value)}
        />
      </div>
      {error && (
        <p className="adm-alert" role="alert">
          {error}
        </p>
      )}
      <div className="adm-actions">
        <button type="submit" className="adm-button adm-button--primary" disabled={busy || !title.trim()}>
          Guardar
        </button>
        <button type="button" className="adm-button" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** Card frame shared by the gallery grid and the pending list. */
export function ImageCard({
  image,
  children,
  itemProps,
}: {
  image: Image;
  children: ReactNode;
  /** Extra attributes of the list item (drag and drop of the photo order). */
  itemProps?: LiHTMLAttributes<HTMLLIElement>;
}) {
  return (
    <li className="adm-card" data-image-id={image.id} {...itemProps}>
      <StoredPicture image={image} />
      <div className="adm-card-body">
        {image.sample && (
          <p className="adm-sample">
            <span className="adm-badge adm-badge--warn">Foto de muestra</span> Una ilustración de la instalación, no tu
            cabaña: bórrala cuando subas las tuyas.
          </p>
        )}
        {children}
      </div>
    </li>
  );
}
