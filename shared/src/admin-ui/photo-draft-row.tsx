import { useId } from 'react';
import { LIMITS } from '../domain/config/limits';
import { formatBytes } from '../domain/lib/format-bytes';

/** A photo chosen for upload, with its texts, preview and upload state. */
export interface Draft {
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

interface DraftRowProps {
  draft: Draft;
  index: number;
  disabled: boolean;
  onChange(change: Partial<Draft>): void;
  onRemove(): void;
}

export function DraftRow({ draft, index, disabled, onChange, onRemove }: DraftRowProps) {
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
