import { useEffect, useRef, useState } from 'react';
import { ownerText } from '@cabana/shared/domain/i18n/lang';
import type { Image, ImageFormat } from '@cabana/shared/domain/schemas/image';
import { useI18n } from '../../i18n/i18n';

const MODERN: readonly ImageFormat[] = ['avif', 'webp'];

function srcSetOf(image: Image, format: ImageFormat): string {
  return image.variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

interface Props {
  image: Image;
  sizes: string;
  lazy: boolean;
  /** The page's largest image on the first screen (its LCP): fetched before other images. */
  priority?: boolean;
  className?: string;
}

/**
 * A <picture> offering AVIF, then WebP, then JPEG in every width the server made. Width and
 * height reserve the space; the tiny blurred placeholder shows until the photo arrives.
 */
export function ResponsiveImage({ image, sizes, lazy, priority, className }: Props) {
  const [loaded, setLoaded] = useState(false);
  const { lang } = useI18n();
  const title = ownerText(lang, image.title, image.titleEn).text;
  const description = ownerText(lang, image.description, image.descriptionEn).text;
  const img = useRef<HTMLImageElement>(null);
  // A server-rendered photo may finish loading before hydration, when no onLoad can fire.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth > 0) setLoaded(true);
  }, []);
  const jpeg = srcSetOf(image, 'jpeg');
  return (
    <picture
      className={`picture${loaded ? ' picture--loaded' : ''}${className ? ` ${className}` : ''}`}
      style={loaded ? undefined : { backgroundImage: `url("${image.placeholder}")` }}
    >
      {MODERN.map((format) => {
        const srcSet = srcSetOf(image, format);
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
