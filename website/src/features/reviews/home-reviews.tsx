import { TitledSection } from '../../components/layout/titled-section';
import { ReviewCard, ReviewSummary } from './review-card';
import { useI18n } from '../../i18n/i18n';
import { useReviews } from '../../lib/page-data';

/** How many recent reviews the home page shows. */
export const HOME_REVIEWS = 3;

/**
 * The home page's reviews (issue 35): the real average and count and the newest few, from the
 * guests' own reviews; nothing at all while there are none.
 */
export function HomeReviews() {
  const { m, href } = useI18n();
  const { average, count, reviews } = useReviews();
  if (average === null) return null;
  return (
    <TitledSection titleId="opiniones-titulo" title={m.reviews.homeTitle}>
      <ReviewSummary average={average} count={count} />
      <ul className="reviews__list reviews__list--home">
        {reviews.slice(0, HOME_REVIEWS).map((r) => (
          <li key={r.id}>
            <ReviewCard review={r} />
          </li>
        ))}
      </ul>
      <p>
        <a className="button button--outline" href={href('reviews')}>
          {m.reviews.seeAll}
        </a>
      </p>
    </TitledSection>
  );
}
