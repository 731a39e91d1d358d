import { PROPERTY_WORDS, propertyLines } from '@cabana/shared/domain/config/property-words';
import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';

/**
 * The house as the owner describes it in Ajustes (issue 32): bedrooms, bathrooms, beds by type and
 * the amenities, in the page's language. Server markup only: it sits outside every island, so no
 * page's JavaScript carries it. `id` is the amenities' heading's, `level` its rank in the page.
 */
export function PropertyFacts({ id, level }: { id: string; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { lang } = useI18n();
  const { property } = useSettings();
  // Always there on a page the server rendered with its data (the only place this renders).
  if (!property) return null;
  const w = PROPERTY_WORDS[lang];
  const lines = propertyLines(lang, property);
  return (
    <div className="property" data-testid="datos-casa">
      <ul className="property__rooms">
        {[...lines.rooms, ...lines.beds].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {lines.amenities.length > 0 ? (
        <>
          <Heading id={id} className="property__title">
            {w.amenitiesTitle}
          </Heading>
          <ul className="property__amenities" aria-labelledby={id}>
            {lines.amenities.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
