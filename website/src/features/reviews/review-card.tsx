import { dateFormat, numberFormat, type Lang } from '@cabana/shared/domain/i18n/lang';
import type { PublicReview } from '@cabana/shared/domain/schemas/review';
import { useI18n } from '../../i18n/i18n';

const MONTH: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };

/** "noviembre de 2026", "November 2026": the month of a stay (YYYY-MM). */
export const stayMonthText = (lang: Lang, month: string): string =>
  dateFormat(lang, MONTH).format(new Date(`${month}-01T00:00:00Z`));

/** Stars drawn for the eye; the words ("4 de 5 estrellas") for everyone else. */
function Stars({ n }: { n: number }) {
  const { m, t } = useI18n();
  return (
    <span className="stars">
      <span aria-hidden="true">{'★'.repeat(n) + '☆'.repeat(5 - n)}</span>
      <span className="visually-hidden">{t(m.reviews.stars, { n })}</span>
    </span>
  );
}

/** The average and count of the published reviews ("4,8 de 5 · 12 opiniones"). */
export function ReviewSummary({ average, count }: { average: number; count: number }) {
  const { m, p, lang } = useI18n();
  const avg = numberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
  return (
    <p className="review-summary">
      <span aria-hidden="true" className="review-summary__star">
        ★
      </span>{' '}
      {p(m.reviews.summary, count, { avg })}
    </p>
  );
}

/**
 * One review as server markup: the guest's words marked with the language they wrote in (shown
 * as text, whatever they typed), the stay's month and party size, and the host's reply under it.
 */
export function ReviewCard({ review, headingLevel = 3 }: { review: PublicReview; headingLevel?: 2 | 3 }) {
  const { m, p, t, lang } = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="review">
      <Heading className="review__name">{review.name}</Heading>
      <p className="review__meta">
        <Stars n={review.rating} />{' '}
        {t(m.reviews.stay, {
          month: stayMonthText(lang, review.stayMonth),
          people: p(m.reviews.people, review.people),
        })}
      </p>
      <p className="review__text" lang={review.lang}>
        {review.text}
      </p>
      {review.reply && (
        <div className="review__reply">
          <p className="review__reply-title">{m.reviews.reply}</p>
          {/* The owner writes in Spanish. */}
          <p lang="es">{review.reply.text}</p>
        </div>
      )}
    </article>
  );
}
