import { Button, Card, Col, Form, Row, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResultColumn, ResultGrid } from './CustomsReleaseGrid';

/** What `useScanList` gives a screen: the list, its selection, and the buttons' actions. */
export interface ScanListState<Item> {
  list: Item[];
  selected: string | null;
  setSelected: (key: string | null) => void;
  loading: boolean;
  refresh: () => void;
  start: () => void;
}

/**
 * The batch (367) and gate (363) scan screens (spec 01 §2): on the left the inputs, 'Thêm', 'Làm mới', 'Bắt đầu quét'
 * and the scan list; on the right the result table of the selected list item. The list has no STT column and its
 * key result (status) takes the width left, wrapping, so it is read whole in the side panel at 1366 px; below 992 px
 * the panels stack.
 */
export function ScanListScreen<Item, Result>({
  cardTitle,
  fields,
  onAdd,
  scan,
  keyOf,
  listColumns,
  listHeight,
  resultColumns,
  results,
  resultRowId,
  resultHeight,
}: {
  cardTitle?: string;
  /** The inputs of one list item (Form.Items). */
  fields: ReactNode;
  onAdd: () => void;
  scan: ScanListState<Item>;
  keyOf: (item: Item) => string;
  listColumns: ResultColumn<Item>[];
  listHeight: string;
  resultColumns: ResultColumn<Result>[];
  results: Result[];
  resultRowId: (row: Result) => string;
  resultHeight: string;
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10} xl={9}>
        <Card size="small" title={cardTitle}>
          <Form layout="vertical" onFinish={onAdd}>
            {fields}
            <Space wrap>
              <Button htmlType="submit">{t('customsScan.add')}</Button>
              <Button onClick={scan.refresh}>{t('customsScan.refresh')}</Button>
              <Button type="primary" onClick={scan.start} loading={scan.loading}>
                {t('customsScan.startScan')}
              </Button>
            </Space>
          </Form>
          <div style={{ marginTop: 12 }}>
            <ResultGrid
              compact
              title={t('customsScan.scanList')}
              columns={listColumns}
              rows={scan.list}
              rowId={keyOf}
              height={listHeight}
              selectedId={scan.selected}
              onRowClick={(r) => scan.setSelected(keyOf(r))}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={14} xl={15}>
        <Card size="small">
          <ResultGrid
            title={t('customsScan.result')}
            columns={resultColumns}
            rows={results}
            rowId={resultRowId}
            height={resultHeight}
            loading={scan.loading}
          />
        </Card>
      </Col>
    </Row>
  );
}
