import type { ReactNode } from 'react';
import './home.css';

/** antd's small Card, drawn plain (home.css): a titled box of the home page. */
export function HomeCard({
  title,
  children,
  bodyClassName = 'sp-card__body',
  ...rest
}: {
  title: ReactNode;
  children: ReactNode;
  bodyClassName?: string;
  'data-testid'?: string;
}) {
  return (
    <section className="sp-card" {...rest}>
      <div className="sp-card__head">{title}</div>
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
