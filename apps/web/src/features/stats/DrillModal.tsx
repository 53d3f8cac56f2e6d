import type { StatsGroup } from '@smartport/contract';
import { Alert, Button, Modal, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PeriodRequest, useSubjects } from './api';
import { DetailModal, type DetailTarget } from './DetailModal';
import { type DrillRow, drillRows } from './drill';
import type { MeasureChoice } from './measure-choice';
import { formatCount, formatShare, formatVnd } from './shared/stats-format';
import { STATS_NS } from './shared/texts';

/** A clicked doughnut slice: a terminal in a job group, over the asked request. */
export interface DrillTarget {
  group: StatsGroup;
  TerminalCode: string;
}

/**
 * The rows behind a doughnut slice (beyond the spec, issue 27): the customers of that terminal and job group over the
 * asked range, by the chosen measure (crm/dashboard_customer_chart_load for that terminal); each row opens
 * 'Thông tin chi tiết' with its order lines (the ranking's detail call).
 */
export function DrillModal({
  request,
  target,
  choice,
  onClose,
}: {
  request: PeriodRequest | null;
  target: DrillTarget | null;
  choice: MeasureChoice;
  onClose: () => void;
}) {
  const { t } = useTranslation(STATS_NS);
  const asked = request && target ? { ...request, terminalList: [target.TerminalCode] } : null;
  const answer = useSubjects('customer', asked);
  const rows = useMemo(
    () => (answer.data && target ? drillRows(Object.values(answer.data.data).flat(), target.TerminalCode, target.group, choice) : []),
    [answer.data, target, choice],
  );
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  const show = (v: number) => (choice === 'sum' ? formatVnd(v) : formatCount(v));
  const columns: TableColumnsType<DrillRow> = [
    { key: 'rank', title: t('dash.col.rank'), width: 64, render: (_, r) => r.rank },
    { key: 'name', title: t('dash.customer'), render: (_, r) => r.subject.name },
    { key: 'value', title: t(`dash.measure.${choice}`), align: 'right', width: 160, render: (_, r) => show(r.value) },
    { key: 'share', title: t('dash.col.share'), align: 'right', width: 100, render: (_, r) => formatShare(r.share) },
    {
      key: 'action',
      title: t('dash.col.action'),
      width: 110,
      render: (_, r) => (
        <Button
          size="small"
          aria-label={t('dash.detailOf', { name: r.subject.name })}
          onClick={() =>
            request &&
            target &&
            setDetail({
              subject: r.subject,
              TerminalCode: target.TerminalCode,
              FromDate: request.fromTime,
              ToDate: request.toTime,
              label: '',
            })
          }
        >
          {t('dash.col.action')}
        </Button>
      ),
    },
  ];
  const title = target
    ? t('dash.drill.title', { group: t(`dash.group.${target.group}`), terminal: target.TerminalCode, measure: t(`dash.measure.${choice}`) })
    : '';
  return (
    <>
      <Modal open={!!target} title={title} width={1000} onCancel={onClose} destroyOnHidden footer={null}>
        {answer.isError && <Alert type="error" showIcon message={(answer.error as Error).message} style={{ marginBottom: 8 }} />}
        <Table<DrillRow>
          aria-label={title}
          size="small"
          rowKey="key"
          loading={answer.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 600 }}
          locale={{ emptyText: t('common.noData') }}
        />
      </Modal>
      <DetailModal kind="customer" target={detail} onClose={() => setDetail(null)} />
    </>
  );
}
