import type { SVGProps } from 'react';

/**
 * A stroke icon drawn for this site on a 24×24 grid; decorative unless given a title. The drawing
 * (`path`) comes from the module of whoever shows it, so a page's icons travel with that page.
 */
export function Icon({ path, size = 24, ...rest }: { path: string; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={path} />
    </svg>
  );
}
