import { FileExcelOutlined } from '@ant-design/icons';
import { type StatsDetailLine, shownPin } from '@smartport/contract';
import { Alert, App, Button, Descriptions, Modal, Table, type TableColumnsType, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type SubjectDetailRequest, type SubjectKind, useExportTerminal, useSubjectDetail } from './api';
import { detailExportRows, type Line, orderLines } from './detail-lines';
import { exportRange } from './request';
import { downloadReportWorkbook, type ExportColumn } from './shared/excel-export';
import { formatCount } from './shared/stats-format';
import { STATS_NS, statsText } from './shared/texts';
import type { Subject } from './subject';

export interface DetailTarget {
  subject: Subject;
  TerminalCode: string;
  /** The period's bounds 'YYYY-MM-DD HH:mm:ss' and its label. */
  FromDate: string;
  ToDate: string;
  label: string;
}

const cargoTip = (r: StatsDetailLine) => {
  const parts: string[] = [];
  if (r.Temperature !== null) parts.push(statsText('dash.detail.cargo.temperature', { value: r.Temperature }));
  if (r.Vent) parts.push(statsText('dash.detail.cargo.vent', { value: r.Vent, unit: r.VentUnit ?? '' }));
  if (r.Class) parts.push(statsText('dash.detail.cargo.class', { value: r.Class }));
  if (r.Unno) parts.push(statsText('dash.detail.cargo.unno', { value: r.Unno }));
  const oog = [r.OogTop, r.OogLeft, r.OogRight, r.OogBack, r.OogFront];
  if (oog.some((v) => v !== null)) parts.push(statsText('dash.detail.cargo.oog', { value: oog.map((v) => v ?? 0).join('/') }));
  return parts.join(' · ');
};

interface DetailColumn {
  field: string;
  width: number;
  /** Order-level: one merged cell per order (columns 1 and 21–32, spec 02 §9). */
  order?: boolean;
  text: (r: Line) => string | number;
  numFmt?: string;
}

/** The detail table's columns in the spec's order (§3 "Detail order line"). */
function detailColumns(): DetailColumn[] {
  const s = (v: string | null | undefined) => v ?? '';
  return [
    { field: 'STT', width: 56, order: true, text: (r) => r.orderIndex },
    { field: 'PinCode', width: 130, text: (r) => shownPin(r.PinCode) || r.OrderNo },
    { field: 'ContainerNo', width: 120, text: (r) => s(r.ContainerNo) },
    { field: 'JobModeCode', width: 80, text: (r) => r.JobModeCode },
    { field: 'JobModeName', width: 160, text: (r) => s(r.JobModeName) },
    { field: 'TariffCode', width: 100, text: (r) => s(r.TariffCode) },
    { field: 'TariffName', width: 180, text: (r) => s(r.TariffName) },
    { field: 'OperationCode', width: 90, text: (r) => s(r.OperationCode) },
    { field: 'IsoSizetype', width: 80, text: (r) => s(r.IsoSizetype) },
    { field: 'FE', width: 50, text: (r) => s(r.FE) },
    { field: 'ClassName', width: 90, text: (r) => s(r.ClassName) },
    { field: 'MethodName', width: 120, text: (r) => s(r.MethodName) },
    { field: 'CargoTypeName', width: 110, text: (r) => s(r.CargoTypeName) },
    { field: 'MCWeight', width: 90, text: (r) => r.MCWeight ?? '', numFmt: '#,##0' },
    { field: 'POD', width: 70, text: (r) => s(r.POD) },
    { field: 'FPOD', width: 70, text: (r) => s(r.FPOD) },
    { field: 'Sealno', width: 100, text: (r) => s(r.Sealno) },
    {
      field: 'IsLocalForeign',
      width: 80,
      text: (r) => (r.IsLocalForeign === 'L' ? statsText('dash.detail.local') : statsText('dash.detail.foreign')),
    },
    {
      field: 'Vessel',
      width: 180,
      text: (r) => [r.VesselName, [r.VesselImVoy, r.VesselExVoy].filter(Boolean).join('/')].filter(Boolean).join(' '),
    },
    { field: 'BLNoBooking', width: 150, text: (r) => [r.BLNo, r.BookingNo].filter(Boolean).join(' / ') },
    { field: 'ShipperName', width: 180, order: true, text: (r) => s(r.ShipperName) },
    {
      field: 'MoneyCredit',
      width: 90,
      order: true,
      text: (r) => (r.MoneyCredit === 'M' ? statsText('dash.detail.payNow') : statsText('dash.detail.payLater')),
    },
    { field: 'InvoiceNo', width: 110, order: true, text: (r) => s(r.InvoiceNo) },
    { field: 'InvoiceDate', width: 130, order: true, text: (r) => s(r.InvoiceDate) },
    { field: 'TotalAmount', width: 120, order: true, text: (r) => r.TotalAmount, numFmt: '#,##0' },
    { field: 'CustomerName', width: 200, order: true, text: (r) => s(r.CustomerName) },
    { field: 'TaxCode', width: 110, order: true, text: (r) => s(r.TaxCode) },
    { field: 'Address', width: 220, order: true, text: (r) => s(r.Address) },
    { field: 'CreatedBy', width: 100, order: true, text: (r) => s(r.CreatedBy) },
    {
      field: 'ShipperRepresent',
      width: 180,
      order: true,
      text: (r) => [r.ShipperRepresent, r.ShipperTel].filter(Boolean).join(' / '),
    },
    { field: 'IssueDate', width: 130, order: true, text: (r) => r.IssueDate },
    { field: 'Note', width: 200, order: true, text: (r) => s(r.Note) },
  ];
}

/**
 * 'Thông tin chi tiết' (spec 02 §2.4): the order lines behind one customer's or user's figures for a period and
 * terminal, opened by the row's detail button; its export is 'Chi tiết thống kê'.
 */
export function DetailModal({ kind, target, onClose }: { kind: SubjectKind; target: DetailTarget | null; onClose: () => void }) {
  const { t } = useTranslation(STATS_NS);
  const { message } = App.useApp();
  const letterhead = useExportTerminal().data ?? null;
  const request: SubjectDetailRequest | null = target
    ? { id: target.subject.id, FromDate: target.FromDate, ToDate: target.ToDate, TerminalCode: target.TerminalCode }
    : null;
  const detail = useSubjectDetail(kind, request);
  const lines = useMemo(() => orderLines(detail.data?.lines ?? []), [detail.data]);
  const defs = useMemo(detailColumns, []);

  const columns: TableColumnsType<Line> = defs.map((c) => ({
    key: c.field,
    title: t(`dash.detail.col.${c.field}`),
    width: c.width,
    align: c.numFmt ? ('right' as const) : undefined,
    onCell: c.order ? (r: Line) => ({ rowSpan: r.span }) : undefined,
    render: (_: unknown, r: Line) => {
      const v = c.text(r);
      if (c.field === 'CargoTypeName' && cargoTip(r)) return <Tooltip title={cargoTip(r)}>{v}</Tooltip>;
      return typeof v === 'number' && c.numFmt ? formatCount(v) : v;
    },
  }));

  const range = target ? exportRange({ fromTime: target.FromDate, toTime: target.ToDate }) : null;

  const exportExcel = async () => {
    if (!target || !range) return;
    const cols: ExportColumn[] = defs.map((c) => ({
      title: t(`dash.detail.col.${c.field}`),
      width: Math.round(c.width / 7),
      numFmt: c.numFmt,
    }));
    try {
      await downloadReportWorkbook(
        t('dash.detail.exportName'),
        { title: t('dash.detail.exportTitle'), range, terminal: letterhead },
        cols,
        detailExportRows(defs, lines),
      );
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  return (
    <Modal
      open={!!target}
      title={t('dash.detail.title')}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="export" icon={<FileExcelOutlined />} disabled={!lines.length} onClick={() => void exportExcel()}>
          {t('dash.detail.export')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('dash.detail.close')}
        </Button>,
      ]}
    >
      {target && (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 8 }}>
          <Descriptions.Item label={kind === 'customer' ? t('dash.detail.customerName') : t('dash.detail.userName')}>
            {target.subject.name}
          </Descriptions.Item>
          {kind === 'customer' ? (
            <Descriptions.Item label={t('dash.detail.taxCode')}>{target.subject.TaxCode ?? ''}</Descriptions.Item>
          ) : (
            <Descriptions.Item label={t('dash.col.sales')}>{target.subject.extra}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('dash.detail.terminal')}>{target.TerminalCode}</Descriptions.Item>
          <Descriptions.Item label={t('dash.detail.span')}>
            {range ? t('dash.detail.spanValue', { from: range.from, to: range.to }) : ''}
          </Descriptions.Item>
        </Descriptions>
      )}
      {detail.data?.message && <Alert type="warning" showIcon message={detail.data.message} style={{ marginBottom: 8 }} />}
      {detail.isError && <Alert type="error" showIcon message={(detail.error as Error).message} style={{ marginBottom: 8 }} />}
      <Table<Line>
        aria-label={t('dash.detail.title')}
        size="small"
        bordered
        rowKey="key"
        loading={detail.isFetching}
        pagination={false}
        columns={columns}
        dataSource={lines}
        scroll={{ x: defs.reduce((s, c) => s + c.width, 0), y: '55vh' }}
        locale={{ emptyText: t('common.noData') }}
      />
    </Modal>
  );
}
