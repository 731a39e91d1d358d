import { useEffect, useRef, useState, type FormEvent } from 'react';
import pLimit from 'p-limit';
import type { Image } from '../domain/schemas/image';
import { ACCEPT_ATTRIBUTE, LIMITS } from '../domain/config/limits';
import { usePanel } from './panel-context';
import { AlertMessage } from './messages';
import { titleFromFileName } from '../domain/lib/file-title';
import { formatBytes } from '../domain/lib/format-bytes';
import { fileProblem, makeThumbnail } from './upload-drafts';
import { DraftRow, type Draft } from './photo-draft-row';

/** How many files travel at once: enough to hide latency, few enough for a rural uplink. */
const PARALLEL_UPLOADS = 2;

let draftCounter = 0;

interface PhotoUploadProps {
  /** The section's id prefix (useId). */
  id: string;
  /** A photo was uploaded and published. */
  onUploaded(image: Image): void;
  /** The section's status line (null clears it). */
  setStatus(status: string | null): void;
}

/** Choosing photos (picker or drop), their texts, and uploading them a few at a time. */
export function PhotoUpload({ id, onUploaded, setStatus }: PhotoUploadProps) {
  const { api, failure } = usePanel();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
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
      onUploaded(image);
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

  const sendable = drafts.filter((d) => d.state === 'ready' || d.state === 'failed');
  const canSend = !uploading && sendable.length > 0 && sendable.every((d) => d.title.trim());

  return (
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
          También puedes arrastrarlas aquí. JPEG, PNG, WebP, AVIF o HEIC; hasta {formatBytes(LIMITS.maxUploadBytes)} por
          foto. Se publican en la galería al subirlas.
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
  );
}
