import type { MenuNode } from '@smartport/contract';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainParagraph, PlainTitle } from '../../components/plain-text';
import { flattenMenu } from '../../lib/menu';
import type { GuideOrderType } from './guide-data';
import { permittedGuideTypes } from './guide-data';
import { HomeCard } from './HomeCard';

/** Pixel size of every guide picture (scripts/guide-screenshots.ts captures at 1366 × 768). */
const SHOT = { width: 1366, height: 768 } as const;

/**
 * Tab 'Hướng dẫn sử dụng': the permitted order types with their steps, and the steps as slides (picture, title, text),
 * with arrows, dots, the arrow keys and a click on the picture to see it full size. Drawn without antd's Tree, Carousel
 * and Image (home.css).
 */
export function UsageGuide({ menu }: { menu: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const types = useMemo(() => permittedGuideTypes(new Set(flattenMenu(menu).map((m) => m.MenuID))), [menu]);
  const [typeIndex, setTypeIndex] = useState(0);
  const [slide, setSlide] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([0]));

  if (!types.length) return <p className="sp-empty">{t('home.guideEmpty')}</p>;
  const shown = Math.min(typeIndex, types.length - 1);
  const current = types[shown];
  if (!current) return null;

  const toggle = (i: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  const show = (i: number, step: number) => {
    setTypeIndex(i);
    setSlide(step);
    setExpanded((open) => (open.has(i) ? open : new Set(open).add(i)));
  };

  return (
    <div className="sp-guide">
      <HomeCard title={t('home.guideOrderTypes')}>
        <nav aria-label={t('home.guideOrderTypes')}>
          <ul className="sp-guide__types">
            {types.map((g, i) => (
              <li key={g.menuId}>
                <div className="sp-guide__type">
                  <button
                    type="button"
                    className="sp-guide__caret"
                    aria-expanded={expanded.has(i)}
                    aria-controls={`guide-steps-${i}`}
                    aria-label={g.title}
                    onClick={() => toggle(i)}
                  />
                  <button type="button" className="sp-guide__item" onClick={() => show(i, 0)}>
                    {g.title}
                  </button>
                </div>
                {expanded.has(i) && (
                  <ul className="sp-guide__steps" id={`guide-steps-${i}`}>
                    {g.steps.map((s, k) => (
                      <li key={s.title}>
                        <button
                          type="button"
                          className="sp-guide__item"
                          aria-current={i === shown && k === slide ? 'step' : undefined}
                          onClick={() => show(i, k)}
                        >
                          {t('home.guideStep', { n: k + 1, title: s.title })}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </HomeCard>
      <HomeCard title={current.title} data-testid="guide-carousel">
        <Slides type={current} slide={Math.min(slide, current.steps.length - 1)} onSlide={setSlide} />
      </HomeCard>
    </div>
  );
}

/** The steps of one order type, one at a time; the arrows and the arrow keys go round. */
function Slides({ type, slide, onSlide }: { type: GuideOrderType; slide: number; onSlide: (n: number) => void }) {
  const { t } = useTranslation();
  const zoom = useRef<HTMLDialogElement>(null);
  const count = type.steps.length;
  const step = type.steps[slide];
  if (!step) return null;
  const go = (n: number) => onSlide((n + count) % count);
  const title = t('home.guideStep', { n: slide + 1, title: step.title });
  const alt = `${type.title} – ${title}`;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(slide - 1);
    else if (e.key === 'ArrowRight') go(slide + 1);
    else return;
    e.preventDefault();
  };

  return (
    <section className="sp-slides" aria-roledescription="carousel" aria-label={type.title} onKeyDown={onKeyDown}>
      <div className="sp-slides__slide" key={`${type.menuId}-${slide}`} aria-live="polite">
        {/* A link to the picture (its name is the picture's); a click shows it full size here. */}
        <a
          className="sp-slides__zoom"
          href={step.image}
          title={t('home.guideZoom')}
          onClick={(e) => {
            e.preventDefault();
            zoom.current?.showModal();
          }}
        >
          <img src={step.image} alt={alt} width={SHOT.width} height={SHOT.height} fetchPriority={slide === 0 ? 'high' : 'auto'} />
        </a>
        <div className="sp-slides__text">
          <PlainTitle level={5} style={{ marginTop: 0 }}>
            {title}
          </PlainTitle>
          <PlainParagraph style={{ marginBottom: 0 }}>{step.text}</PlainParagraph>
        </div>
      </div>
      <button
        type="button"
        className="sp-slides__arrow sp-slides__arrow--prev"
        aria-label={t('home.guidePrev')}
        onClick={() => go(slide - 1)}
      />
      <button
        type="button"
        className="sp-slides__arrow sp-slides__arrow--next"
        aria-label={t('home.guideNext')}
        onClick={() => go(slide + 1)}
      />
      <ul className="sp-slides__dots">
        {type.steps.map((s, k) => (
          <li key={s.title}>
            <button
              type="button"
              className="sp-slides__dot"
              aria-label={t('home.guideGoTo', { n: k + 1 })}
              aria-current={k === slide ? 'true' : undefined}
              onClick={() => go(k)}
            />
          </li>
        ))}
      </ul>
      {/* The picture full size; Esc or a click anywhere on it closes it. */}
      <dialog ref={zoom} className="sp-zoom" aria-label={alt}>
        <form method="dialog">
          <button type="submit" className="sp-zoom__body" aria-label={t('home.guideCloseZoom')}>
            <img src={step.image} alt="" width={SHOT.width} height={SHOT.height} loading="lazy" />
            <span className="sp-zoom__close" aria-hidden>
              ×
            </span>
          </button>
        </form>
      </dialog>
    </section>
  );
}
