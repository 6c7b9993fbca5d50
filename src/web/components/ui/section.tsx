import type { ComponentProps, ReactNode } from 'react';

type SectionProps = Omit<ComponentProps<'section'>, 'title'> & {
  /** the heading's id: the heading names the section (a region landmark) */
  titleId: string;
  title: ReactNode;
  /** 2 for a section of the page, 3 for a panel inside one */
  level?: 2 | 3;
  /** beside the heading, e.g. links to more */
  aside?: ReactNode;
};

const HEADING_CLASS = { 2: 'text-lg font-semibold', 3: 'text-sm font-semibold' } as const;

/** A titled part of a page, named by its heading. */
export function Section({ titleId, title, level = 2, aside, children, ...props }: SectionProps) {
  const Heading = `h${level}` as const;
  const heading = (
    <Heading id={titleId} className={HEADING_CLASS[level]}>
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={titleId} {...props}>
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
