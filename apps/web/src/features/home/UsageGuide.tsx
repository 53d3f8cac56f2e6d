import type { MenuNode } from '@smartport/contract';
import { Card, Carousel, Col, Empty, Image, Row, Tree } from 'antd';
import type { CarouselRef } from 'antd/es/carousel';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainParagraph, PlainTitle } from '../../components/plain-text';
import { flattenMenu } from '../../lib/menu';
import { permittedGuideTypes } from './guide-data';

/** Tab 'Hướng dẫn sử dụng': a tree of the permitted order types and their steps, and a carousel of the steps. */
export function UsageGuide({ menu }: { menu: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const types = useMemo(() => permittedGuideTypes(new Set(flattenMenu(menu).map((m) => m.MenuID))), [menu]);
  const [typeIndex, setTypeIndex] = useState(0);
  const [slide, setSlide] = useState(0);
  const carousel = useRef<CarouselRef>(null);

  if (!types.length) return <Empty description={t('home.guideEmpty')} />;
  const current = types[Math.min(typeIndex, types.length - 1)] ?? types[0];
  if (!current) return null;

  const treeData = types.map((g, i) => ({
    key: `${i}`,
    title: g.title,
    children: g.steps.map((s, k) => ({ key: `${i}-${k}`, title: t('home.guideStep', { n: k + 1, title: s.title }), isLeaf: true })),
  }));

  const select = (key: string) => {
    const [ti, si] = key.split('-').map(Number);
    if (ti == null || Number.isNaN(ti)) return;
    const step = si ?? 0;
    setTypeIndex(ti);
    setSlide(step);
    // The carousel of another type mounts at its first slide; the same one moves.
    if (ti === typeIndex) carousel.current?.goTo(step);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={9} xl={7}>
        <Card size="small" title={t('home.guideOrderTypes')}>
          <nav aria-label={t('home.guideOrderTypes')}>
            <Tree
              blockNode
              defaultExpandedKeys={['0']}
              selectedKeys={[`${typeIndex}-${slide}`]}
              treeData={treeData}
              onSelect={(keys) => keys[0] != null && select(String(keys[0]))}
            />
          </nav>
        </Card>
      </Col>
      <Col xs={24} md={15} xl={17}>
        <Card size="small" title={current.title} data-testid="guide-carousel">
          <Carousel
            key={current.menuId}
            ref={carousel}
            arrows
            dots
            initialSlide={slide}
            afterChange={setSlide}
            adaptiveHeight
            style={{ background: '#f5f7fa' }}
          >
            {current.steps.map((s, k) => (
              <div key={s.title}>
                <Image
                  src={s.image}
                  alt={`${current.title} – ${t('home.guideStep', { n: k + 1, title: s.title })}`}
                  style={{ width: '100%', display: 'block' }}
                  preview={{ mask: false }}
                />
                <div style={{ padding: '8px 12px 28px' }}>
                  <PlainTitle level={5} style={{ marginTop: 0 }}>
                    {t('home.guideStep', { n: k + 1, title: s.title })}
                  </PlainTitle>
                  <PlainParagraph style={{ marginBottom: 0 }}>{s.text}</PlainParagraph>
                </div>
              </div>
            ))}
          </Carousel>
        </Card>
      </Col>
    </Row>
  );
}
