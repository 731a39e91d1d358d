import { useEffect, useRef, useState } from 'react';
import { ownerText } from '@cabana/shared/domain/i18n/lang';
import type { Image, ImageFormat } from '@cabana/shared/domain/schemas/image';
import { useI18n } from '../../i18n/i18n';

const MODERN: readonly ImageFormat[] = ['avif', 'webp'];

/** The image's variants in one format, narrowest first; up to `upTo` px wide (at least the narrowest). */
function srcSetOf(image: Image, format: ImageFormat, upTo = Infinity): string {
  const all = image.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
  return all
    .filter((v, i) => i === 0 || v.width <= upTo)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

interface Props {
  image: Image;
  sizes: string;
  lazy: boolean;
  /** The page's largest image on the first screen (its LCP): fetched before other images. */
  priority?: boolean;
  /**
   * Offer only the variants up to this width at first, the others once the page's code runs
   * (after its first paint): a sharp-enough photo arrives in the slow link's first round trips,
   * and the sharp one replaces it a moment later (/galeria's first photo, issue 31).
   */
  firstUpTo?: number;
  className?: string;
}

/**
 * A <picture> offering AVIF, then WebP, then JPEG in every width the server made. Width and
 * height reserve the space; the tiny blurred placeholder shows until the photo arrives.
 */
export function ResponsiveImage({ image, sizes, lazy, priority, firstUpTo, className }: Props) {
  const [loaded, setLoaded] = useState(false);
  // Hydration renders what the server sent; then every width is offered.
  const [upTo, setUpTo] = useState(firstUpTo ?? Infinity);
  useEffect(() => setUpTo(Infinity), []);
  const { lang } = useI18n();
  const title = ownerText(lang, image.title, image.titleEn).text;
  const description = ownerText(lang, image.description, image.descriptionEn).text;
  const img = useRef<HTMLImageElement>(null);
  // A server-rendered photo may finish loading before hydration, when no onLoad can fire.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth > 0) setLoaded(true);
  }, []);
  const jpeg = srcSetOf(image, 'jpeg', upTo);
  return (
    <picture
      className={`picture${loaded ? ' picture--loaded' : ''}${className ? ` ${className}` : ''}`}
      style={loaded ? undefined : { backgroundImage: `url("${image.placeholder}")` }}
    >
      {MODERN.map((format) => {
        const srcSet = srcSetOf(image, format, upTo);
        return srcSet ? <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} /> : null;
      })}
      <img
        ref={img}
        src={image.secure_url}
        srcSet={jpeg || undefined}
        sizes={jpeg ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={description ? `${title}. ${description}` : title}
        loading={lazy ? 'lazy' : 'eager'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        onLoad={() => setLoaded(true)}
      />
    </picture>
  );
}
