import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id: the section is named by its title. */
  titleId: string;
  title: ReactNode;
  /** `section--sand` for the tinted band. */
  tone?: string;
  children: ReactNode;
}

/** A page band with its heading (`section__title`) inside the centred container. */
export function TitledSection({ titleId, title, tone, children }: TitledSectionProps) {
  return (
    <section className={tone ? `section ${tone}` : 'section'} aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId} className="section__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
