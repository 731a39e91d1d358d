import { ReviewCard, ReviewSummary } from '../../features/reviews/review-card';
import { useI18n } from '../../i18n/i18n';
import { useReviews, useSettings } from '../../lib/page-data';

/** /opiniones, /en/reviews (issue 35): the guests' published reviews, newest first, as server markup. */
export default function OpinionesRoute() {
  const s = useSettings();
  const { m, t } = useI18n();
  const { average, count, reviews } = useReviews();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{m.reviews.title}</h1>
          <p className="page__lead">{t(m.reviews.lead, { name: s.name })}</p>
        </div>
      </div>
      <div className="container narrow reviews">
        {average === null ? (
          <p className="reviews__none">{m.reviews.none}</p>
        ) : (
          <>
            <ReviewSummary average={average} count={count} />
            <ul className="reviews__list">
              {reviews.map((r) => (
                <li key={r.id}>
                  <ReviewCard review={r} headingLevel={2} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </main>
  );
}
