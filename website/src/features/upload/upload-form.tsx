import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { ACCEPT_ATTRIBUTE, ACCEPTED_IMAGE_TYPES, LIMITS } from '@cabana/shared/domain/config/limits';
import { titleFromFileName } from '@cabana/shared/domain/lib/file-title';
import { formatBytes } from '@cabana/shared/domain/lib/format-bytes';
import { FieldError, TextAreaField, TextField } from '../../components/form/field';
import { FormStatus } from '../../components/form/form-status';
import { Icon } from '../../components/ui/icon';
import { env } from '../../config/env';
import { useI18n } from '../../i18n/i18n';
import { apiErrorText, apiFieldErrors, fieldErrorsOf, type FieldErrors } from '../../lib/validation';

const cameraIcon = 'M4 7h3l2-3h6l2 3h3v13H4zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z';
const uploadIcon = 'M12 16V4M7 9l5-5 5 5M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3';

/** Who sent it, for the admin's review queue; the page asks for no personal data. */
const PUBLIC_UPLOADER = 'Visitante del sitio web';

type Words = ReturnType<typeof useI18n>;

function checkFile(file: File, { m, t }: Words): string | null {
  const byType = (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(jpe?g|png|webp|avif|heic|heif)$/i.test(file.name);
  if (!byType && !byName) return m.upload.form.notImage;
  if (file.size > LIMITS.maxUploadBytes)
    return t(m.upload.form.tooBig, { size: formatBytes(file.size), max: formatBytes(LIMITS.maxUploadBytes) });
  return null;
}

/** Browsers cannot draw HEIC: those get a note instead of a preview (the server converts them). */
const previewable = (file: File) => /^image\/(jpeg|png|webp|avif|gif)$/.test(file.type);

type Status = { kind: 'success' | 'error'; text: string } | null;

/**
 * What sending needs (zod, the field schema, the upload client), loaded when the visitor starts
 * on the form rather than with the page.
 */
const loadSending = () =>
  Promise.all([
    import('@cabana/shared/domain/schemas/image'),
    import('@cabana/shared/browser/upload'),
    import('@cabana/shared/api/errors'),
  ]).then(([{ UploadImageFieldsSchema }, { uploadImage }, { ApiError }]) => ({
    UploadImageFieldsSchema,
    uploadImage,
    ApiError,
  }));

export function UploadForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const w = i18n.m.upload.form;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!file || !previewable(file)) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setStatus(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = checkFile(chosen, i18n);
    setErrors((prev) => ({ ...prev, image: problem ?? undefined }));
    setFile(problem ? null : chosen);
    if (!title && !problem) {
      // A sensible default title from the file name, easy to change.
      setTitle(titleFromFileName(chosen.name));
    }
  };

  const uploading = progress !== null;
  const ready = file !== null && title.trim() !== '' && !uploading;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!file || uploading) return;
    let code: Awaited<ReturnType<typeof loadSending>>;
    try {
      code = await loadSending();
    } catch {
      setStatus({ kind: 'error', text: w.offline });
      return;
    }
    const { UploadImageFieldsSchema, uploadImage, ApiError } = code;
    const parsed = UploadImageFieldsSchema.safeParse({
      title,
      description,
      tags: BUSINESS.uploadTags,
      uploaded_by: PUBLIC_UPLOADER,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, i18n));
      return;
    }
    setErrors({});
    setStatus(null);
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await uploadImage({
        baseUrl: env.apiUrl,
        file,
        fields: parsed.data,
        onProgress: setProgress,
        signal: controller.signal,
      });
      setFile(null);
      setTitle('');
      setDescription('');
      setInputKey((k) => k + 1);
      setStatus({ kind: 'success', text: w.success });
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : null;
      if (apiErr && Object.keys(apiErr.fields).length > 0) setErrors(apiFieldErrors(apiErr.fields, i18n));
      let text = apiErr ? apiErrorText(apiErr, i18n) : w.failed;
      if (apiErr?.status === 429 && apiErr.retryAfter) {
        text += t(w.retryIn, { minutes: Math.ceil(apiErr.retryAfter / 60) });
      }
      setStatus({ kind: 'error', text });
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <form
      className="form card upload"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadSending().catch(() => undefined)}
      aria-labelledby="subir-titulo"
      aria-busy={uploading}
    >
      <h2 id="subir-titulo" className="form__title">
        {w.title}
      </h2>
      <div className={errors.image ? 'field field--error' : 'field'}>
        <label htmlFor="imagen" className="field__label">
          {w.photo}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <div className="dropzone">
          <Icon path={cameraIcon} size={32} />
          <input
            key={inputKey}
            id="imagen"
            name="image"
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            required
            aria-describedby={errors.image ? 'imagen-ayuda imagen-error' : 'imagen-ayuda'}
            aria-invalid={errors.image ? true : undefined}
            onChange={onFile}
            disabled={uploading}
          />
          <p id="imagen-ayuda" className="field__hint">
            {t(w.hint, { max: formatBytes(LIMITS.maxUploadBytes) })}
          </p>
        </div>
        <FieldError id="imagen-error" text={errors.image} />
      </div>
      {file ? (
        <div className="upload__preview">
          {preview ? (
            <img src={preview} alt={w.preview} />
          ) : (
            <p className="upload__no-preview">
              <Icon path={cameraIcon} size={20} /> {t(w.noPreview, { name: file.name })}
            </p>
          )}
        </div>
      ) : null}
      <TextField
        id="title"
        label={w.photoTitle}
        required
        maxLength={LIMITS.titleMax}
        value={title}
        error={errors.title}
        disabled={uploading}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        id="description"
        label={w.description}
        rows={3}
        maxLength={LIMITS.descriptionMax}
        value={description}
        error={errors.description}
        disabled={uploading}
        onChange={(e) => setDescription(e.target.value)}
      />
      {uploading ? (
        <div className="upload__progress">
          <label htmlFor="progreso">{t(w.uploading, { percent })}</label>
          <progress id="progreso" max={100} value={percent}>
            {percent}%
          </progress>
        </div>
      ) : null}
      <button type="submit" className="button button--accent button--lg button--block" disabled={!ready}>
        <Icon path={uploadIcon} size={20} /> {w.submit}
      </button>
      {!ready && !uploading ? <p className="field__hint">{w.notReady}</p> : null}
      {status ? (
        <FormStatus kind={status.kind}>
          <p>{status.text}</p>
        </FormStatus>
      ) : null}
    </form>
  );
}
