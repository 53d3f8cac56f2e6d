import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { type EdoRow, edoStatusNames, shownPin } from '@smartport/contract';
import { Alert, App, Button, Card, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ListExportButton, ListFilterForm, usePageTitle, ValidityTag } from '../../components/list-screen/list-screen';
import { formatDateTime } from '../../lib/format';
import { type EdoFilter, useEdoActions, useEdos } from './api';
import { AmendEdoDialog, EdoHistoryModal, RevokeEdoDialog } from './EdoDialogs';
import { exportColumns, exportRowsOf, importColumns, importRowsOf, showDay } from './edo-rows';
import { OrderStatusTag } from './edo-ui';
import { IssueEdoDialog } from './IssueEdoDialog';

/** What the last import said: the eDOs made, or every refused row (nothing saved). */
type ImportResult = { type: 'success'; text: string } | { type: 'error'; text: string; problems: string[] } | null;

const Party = ({ tax, name }: { tax: string | null; name: string | null }) =>
  tax ? (
    <Space orientation="vertical" size={0}>
      <span>{tax}</span>
      {name && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {name}
        </Typography.Text>
      )}
    </Space>
  ) : null;

/**
 * 'Lệnh giao hàng điện tử (eDO)' (/Line/Edo): the line's eDOs at the user's terminals (each with its containers and the
 * orders that used them), issue one for a bill, amend, revoke, history, import many from Excel, export the list.
 */
export default function EdoPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const title = t('edo.title');
  usePageTitle(title);
  const [filter, setFilter] = useState<EdoFilter>({ Status: '*' });
  const list = useEdos(filter);
  const actions = useEdoActions();
  const [issueOpen, setIssueOpen] = useState(false);
  const [amend, setAmend] = useState<EdoRow | null>(null);
  const [revoke, setRevoke] = useState<EdoRow | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<ImportResult>(null);
  const rows = list.data ?? [];

  const importFile = async (file: File) => {
    setImporting(true);
    setImported(null);
    try {
      const { readGridSheet, WorkbookError } = await import('../../components/data-grid/grid-excel');
      let sheet: Awaited<ReturnType<typeof readGridSheet>>;
      try {
        sheet = await readGridSheet(await file.arrayBuffer(), importColumns);
      } catch (e) {
        if (!(e instanceof WorkbookError)) throw e;
        modal.error({
          title: t('edo.import.title'),
          content: t('edo.import.badFile', { reason: e.message }),
          okText: t('edo.action.close'),
        });
        return;
      }
      const outcome = await actions.importRows.mutateAsync(importRowsOf(sheet.map((s) => s.values)));
      if (outcome.ok) {
        setImported({ type: 'success', text: outcome.message });
        void message.success(outcome.message);
      } else setImported({ type: 'error', text: t('edo.import.refused', { name: file.name }), problems: outcome.problems });
    } catch (e) {
      setImported({ type: 'error', text: t('edo.import.refused', { name: file.name }), problems: [errorText(e)] });
    } finally {
      setImporting(false);
    }
  };

  const downloadTemplate = async () => {
    const { downloadGridWorkbook } = await import('../../components/data-grid/grid-excel');
    await downloadGridWorkbook(t('edo.import.template'), importColumns, []);
  };

  const columns: ColumnsType<EdoRow> = [
    { title: t('edo.col.edoNo'), dataIndex: 'EdoNo', width: 120, fixed: 'left' },
    { title: t('edo.col.terminal'), dataIndex: 'TerminalCode', width: 60 },
    { title: t('edo.col.bl'), dataIndex: 'BLNo', width: 140 },
    { title: t('edo.col.validUntil'), dataIndex: 'ValidUntil', width: 100, render: (d: string) => showDay(d) },
    {
      title: t('edo.col.status'),
      dataIndex: 'StatusName',
      width: 150,
      render: (name: string, r) => (
        <Space orientation="vertical" size={0}>
          <ValidityTag status={r.Status} name={name} />
          {r.Status === 'R' && r.RevokeReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('edo.revokedBy', { by: r.RevokedBy ?? '', reason: r.RevokeReason })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('edo.col.consignee'),
      dataIndex: 'ConsigneeTaxCode',
      width: 210,
      render: (_: unknown, r) => <Party tax={r.ConsigneeTaxCode} name={r.ConsigneeName} />,
    },
    {
      title: t('edo.col.agent'),
      dataIndex: 'AgentTaxCode',
      width: 190,
      render: (_: unknown, r) => <Party tax={r.AgentTaxCode} name={r.AgentName} />,
    },
    { title: t('edo.col.containerCount'), key: 'count', width: 90, align: 'right', render: (_: unknown, r) => r.containers.length },
    { title: t('edo.col.sharedWith'), dataIndex: 'SharedWith', width: 110, render: (s: string[]) => s.join(', ') },
    { title: t('edo.col.issuedBy'), dataIndex: 'IssuedBy', width: 110 },
    {
      title: t('edo.col.issuedTime'),
      dataIndex: 'IssuedTime',
      width: 130,
      render: (d: string) => formatDateTime(d, 'DD/MM/YYYY HH:mm'),
    },
    {
      title: t('edo.col.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space wrap size={4}>
          {r.Status === 'A' && (
            <>
              <Button size="small" onClick={() => setAmend(r)}>
                {t('edo.action.amend')}
              </Button>
              <Button size="small" danger onClick={() => setRevoke(r)}>
                {t('edo.action.revoke')}
              </Button>
            </>
          )}
          <Button size="small" onClick={() => setHistory(r.EdoNo)}>
            {t('edo.action.history')}
          </Button>
        </Space>
      ),
    },
  ];

  const containerTable = (r: EdoRow) => (
    <Table
      rowKey="ContainerNo"
      size="small"
      dataSource={r.containers}
      pagination={false}
      style={{ maxWidth: 720 }}
      scroll={{ x: 620 }}
      aria-label={`${t('edo.col.containers')} ${r.EdoNo}`}
      columns={[
        { title: t('edo.col.containerNo'), dataIndex: 'ContainerNo', width: 130 },
        { title: t('edo.col.size'), dataIndex: 'IsoSizetype', width: 80, render: (s: string | null) => s ?? '' },
        {
          title: t('edo.col.orderNo'),
          dataIndex: 'OrderNo',
          width: 170,
          render: (no: string | null) => no ?? <Typography.Text type="secondary">{t('edo.noOrder')}</Typography.Text>,
        },
        { title: t('edo.col.pin'), dataIndex: 'PinCode', width: 110, render: (p: string | null) => shownPin(p) },
        {
          title: t('edo.col.orderStatus'),
          dataIndex: 'OrderStatus',
          width: 130,
          render: (s: string | null) => (s ? <OrderStatusTag status={s} /> : null),
        },
      ]}
    />
  );

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
          {title}
        </Typography.Title>
      }
    >
      <ListFilterForm
        filter={filter}
        statuses={[
          { value: 'A', label: edoStatusNames.A },
          { value: 'E', label: edoStatusNames.E },
          { value: 'R', label: edoStatusNames.R },
        ]}
        placeholder={t('edo.filter.findEdo')}
        searchWidth={320}
        loading={list.isFetching}
        onChange={setFilter}
        onReload={() => void list.refetch()}
      />
      <Space wrap size={8} style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssueOpen(true)}>
          {t('edo.action.issue')}
        </Button>
        <Upload
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          beforeUpload={(file) => {
            void importFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importing}>
            {t('edo.action.import')}
          </Button>
        </Upload>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
          {t('edo.action.template')}
        </Button>
        <ListExportButton title={title} columns={exportColumns} rows={exportRowsOf(rows)} />
      </Space>
      {imported && (
        <Alert
          type={imported.type}
          showIcon
          closable={{ onClose: () => setImported(null), 'aria-label': t('edo.action.close') }}
          role="alert"
          data-testid="edo-import-result"
          style={{ marginBottom: 12 }}
          title={imported.text}
          description={
            imported.type === 'error' ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {imported.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} style={{ marginBottom: 12 }} />}
      <Table<EdoRow>
        rowKey="EdoNo"
        size="small"
        loading={list.isLoading}
        dataSource={rows}
        columns={columns}
        expandable={{ expandedRowRender: containerTable, rowExpandable: (r) => r.containers.length > 0 }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ x: 1530 }}
        locale={{ emptyText: t('edo.empty') }}
        aria-label={title}
      />
      <IssueEdoDialog open={issueOpen} onClose={() => setIssueOpen(false)} />
      <AmendEdoDialog row={amend} onClose={() => setAmend(null)} />
      <RevokeEdoDialog row={revoke} onClose={() => setRevoke(null)} />
      <EdoHistoryModal edoNo={history} onClose={() => setHistory(null)} />
    </Card>
  );
}
