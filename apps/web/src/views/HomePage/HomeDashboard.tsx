import { Card, Col, Row, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, useTerminals } from '../../app/queries';

/** Route `/`, title 'SMARTPORT dashboard' (spec 02 §2.1). */
export function HomeDashboard() {
  const { t } = useTranslation();
  const me = useMe();
  const terminals = useTerminals();
  useEffect(() => {
    document.title = t('home.title');
  }, [t]);
  return (
    <div>
      <Typography.Title level={3}>{t('home.title')}</Typography.Title>
      <Typography.Paragraph>
        {t('home.greeting', { name: me.data?.UserName ?? '' })} · {t('home.group')}: <Tag>{me.data?.UserGroupName}</Tag>
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('home.terminals')}</Typography.Title>
      <Row gutter={[12, 12]}>
        {(terminals.data ?? []).map((term) => (
          <Col key={term.TerminalCode} xs={24} sm={12} xl={8}>
            <Card size="small" style={{ borderLeft: `4px solid ${term.ChartColor}` }}>
              <Typography.Text strong>{`${term.TerminalCode} - ${term.TerminalName}`}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{term.Address}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{`ĐT: ${term.Tel} · Fax: ${term.Fax} · ${term.Web}`}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
