import {
  REVIEW_ASPECTS,
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '@cabana/shared/domain/schemas/review';
import { stayMonthText } from '../../features/reviews/review-card';
import { useI18n } from '../../i18n/i18n';
import { useReviewPage } from '../../lib/page-data';

const STARS = [1, 2, 3, 4, 5] as const;

/** A field's error paragraph id, for `aria-describedby`. */
const errorId = (name: string) => `opinion-${name}-error`;

function FieldError({ name, fields }: { name: string; fields: Record<string, string> }) {
  const message = fields[name];
  return message ? (
    <p id={errorId(name)} className="field__error" lang="es">
      {message}
    </p>
  ) : null;
}

/** One rating as an accessible radio group: a fieldset named by its legend; `optional` adds "not rated". */
function RatingGroup(props: {
  name: string;
  legend: string;
  optional?: boolean;
  value: string | undefined;
  fields: Record<string, string>;
}) {
  const { m, t } = useI18n();
  const { name, legend, optional, value, fields } = props;
  const invalid = Boolean(fields[name]);
  return (
    <fieldset
      className={`field rating${invalid ? ' field--error' : ''}`}
      aria-describedby={invalid ? errorId(name) : undefined}
    >
      <legend className="field__label">
        {legend}
        {optional ? <span className="field__optional"> ({m.reviews.optional})</span> : null}
      </legend>
      <div className="rating__options">
        {STARS.map((n) => (
          <label key={n} className="rating__option">
            <input type="radio" name={name} value={n} defaultChecked={value === String(n)} required={!optional} />
            <span aria-hidden="true">{n} ★</span>
            <span className="visually-hidden">{t(m.reviews.stars, { n })}</span>
          </label>
        ))}
        {optional && (
          <label className="rating__option">
            <input type="radio" name={name} value="" defaultChecked={!value} />
            <span>{m.reviews.noRating}</span>
          </label>
        )}
      </div>
      <FieldError name={name} fields={fields} />
    </fieldset>
  );
}

/**
 * A guest's review page (`/opinar/<code>?t=`, `/en/review/<code>?t=`, issue 35): a plain form
 * posted to its own address, rendered and answered by the server; no JavaScript. Without the
 * right link it shows nothing of the stay.
 */
export default function OpinarRoute() {
  const state = useReviewPage();
  const { m, t, p, lang, href } = useI18n();
  const r = m.reviews;
  const invite = state?.invite ?? null;
  const title = state?.sent ? r.thanksTitle : invite ? r.formTitle : state?.closed ? r.closedTitle : r.notFoundTitle;
  const values = state?.values ?? {};
  const fields = state?.fields ?? {};
  const described = (name: string, hint?: string) =>
    [hint, fields[name] ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{title}</h1>
          {invite && !state?.sent && (
            <p className="page__lead">
              {t(r.formLead, {
                month: stayMonthText(lang, invite.stayMonth),
                people: p(r.people, invite.people),
              })}
            </p>
          )}
        </div>
      </div>
      <div className="container narrow">
        {state?.sent ? (
          <div className="form-status form-status--success" role="status">
            <p>{r.thanks}</p>
            <p>
              <a href={href('reviews')}>{r.seeReviews}</a>
            </p>
          </div>
        ) : !invite ? (
          <p lang="es">{state?.closed ?? 'No encontramos esa estadía. Revisa el enlace del correo.'}</p>
        ) : (
          <form method="post" className="form review-form">
            {state?.error && (
              <div className="form-status form-status--error" role="alert">
                <p>
                  <strong>{r.errorsTitle}</strong>
                </p>
                <p lang="es">{state.error}</p>
              </div>
            )}
            <input type="hidden" name="t" value={state!.token} />
            <div className="form__grid">
              <RatingGroup name="rating" legend={r.overall} value={values.rating} fields={fields} />
              {REVIEW_ASPECTS.map((aspect) => (
                <RatingGroup
                  key={aspect}
                  name={aspect}
                  legend={r.aspects[aspect]}
                  optional
                  value={values[aspect]}
                  fields={fields}
                />
              ))}
              <div className={`field${fields.text ? ' field--error' : ''}`}>
                <label className="field__label" htmlFor="opinion-text">
                  {r.text}
                </label>
                <p id="opinion-text-hint" className="field__hint">
                  {t(r.textHint, { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX })}
                </p>
                <textarea
                  id="opinion-text"
                  name="text"
                  className="input input--area"
                  rows={8}
                  required
                  minLength={REVIEW_TEXT_MIN}
                  maxLength={REVIEW_TEXT_MAX}
                  defaultValue={values.text ?? ''}
                  aria-invalid={fields.text ? true : undefined}
                  aria-describedby={described('text', 'opinion-text-hint')}
                />
                <FieldError name="text" fields={fields} />
              </div>
              <div className={`field${fields.name ? ' field--error' : ''}`}>
                <label className="field__label" htmlFor="opinion-name">
                  {r.name}
                </label>
                <p id="opinion-name-hint" className="field__hint">
                  {r.nameHint}
                </p>
                <input
                  id="opinion-name"
                  name="name"
                  className="input"
                  maxLength={REVIEW_NAME_MAX}
                  autoComplete="off"
                  defaultValue={values.name ?? invite.defaultName}
                  aria-invalid={fields.name ? true : undefined}
                  aria-describedby={described('name', 'opinion-name-hint')}
                />
                <FieldError name="name" fields={fields} />
              </div>
              <button type="submit" className="button button--accent button--lg">
                {r.send}
              </button>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
