import CloudDownloadOutlined from '@ant-design/icons/CloudDownloadOutlined';
import { type ApprovalRow, approvalMessages } from '@smartport/contract';
import { App, Button, Card, DatePicker, Flex, Form, Select, Switch, Table, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TYPED_DATE_FORMATS } from '../../lib/format';
import { session } from '../../lib/session';
import { useApprovalCustomers, useApprovalOperators, useLoadApproval, useReffList, useSaveApproval } from './api';
import {
  APPROVAL_ALL,
  type ApprovalFilters,
  type FilterField,
  FROM_FORMAT,
  filtersOfReff,
  initialFilters,
  missingFilter,
  type Switch as SwitchName,
  scopeBody,
  TO_FORMAT,
  toggled,
} from './approval-filters';

/** Spec 03 §9: the load after a reff group pick waits 1 second. */
const REFF_LOAD_DELAY_MS = 1000;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/** The control of each filter (the label's target), focused when the load's check stops at it. */
const FIELD_IDS: Record<FilterField, string> = {
  OperationCode: 'approval-operator',
  CustomerCode: 'approval-customer',
  MoneyCredit: 'approval-money-credit',
  FromDate: 'approval-from',
  ToDate: 'approval-to',
};

/** Enter in a date field takes the typed date (the picker's own handling) and does not also run the load. */
const keepEnter = (e: { key: string; preventDefault: () => void }) => e.key === 'Enter' && e.preventDefault();

/**
 * /config/approval_config 'Cấu hình duyệt lệnh' (spec 03 §2.4, §4, §5, §8): filters on the left (reff group, operator,
 * payee = the customer, payment type, period; a missing one is focused and marked with its message) and a load button; on the right every job mode with 'Không cần duyệt' and
 * 'Cần duyệt', each toggle saved at once. Any filter change clears the rows; a reff pick fills the filters and loads
 * after 1 second.
 */
export default function ApprovalConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<ApprovalFilters>(() => initialFilters());
  const [reff, setReff] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: FilterField; message: string } | null>(null);
  const [rows, setRows] = useState<ApprovalRow[] | null>(null);
  const [saving, setSaving] = useState<Set<string>>(() => new Set());
  const reffs = useReffList();
  const operators = useApprovalOperators();
  const customers = useApprovalCustomers();
  const load = useLoadApproval();
  const save = useSaveApproval();
  const reffTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A load answered after the filters changed is not shown (the rows must be those of the filters on screen).
  const loadSeq = useRef(0);

  useEffect(() => () => clearTimeout(reffTimer.current), []);

  const change = (next: Partial<ApprovalFilters>, keepReff = false) => {
    loadSeq.current++;
    clearTimeout(reffTimer.current);
    setFilters((f) => ({ ...f, ...next }));
    setProblem(null);
    setRows(null);
    if (!keepReff) setReff(null);
  };

  const runLoad = async (f: ApprovalFilters) => {
    const missing = missingFilter(f);
    setProblem(missing);
    if (missing) {
      document.getElementById(FIELD_IDS[missing.field])?.focus();
      void message.warning(missing.message);
      return;
    }
    const seq = ++loadSeq.current;
    try {
      const data = await load.mutateAsync(scopeBody(f, session.terminal()));
      if (seq === loadSeq.current) setRows(data);
    } catch (e) {
      if (seq === loadSeq.current) void message.error(errorText(e) || t('grid.loadFailed'));
    }
  };

  const pickReff = (code: string | null) => {
    if (!code) {
      change({});
      return;
    }
    const next = filtersOfReff(code);
    if (!next) return;
    change(next, true);
    setReff(code);
    reffTimer.current = setTimeout(() => void runLoad(next), REFF_LOAD_DELAY_MS);
  };

  const toggle = async (row: ApprovalRow, which: SwitchName, on: boolean) => {
    const next = toggled(row, which, on);
    const seq = loadSeq.current;
    setRows((list) => list?.map((r) => (r.JobModeCode === row.JobModeCode ? next : r)) ?? null);
    setSaving((s) => new Set(s).add(row.JobModeCode));
    try {
      const stored = await save.mutateAsync({
        ...scopeBody(filters, session.terminal()),
        Rowguid: next.Rowguid ?? null,
        JobModeCode: next.JobModeCode,
        JobModeName: next.JobModeName,
        IsApproval: next.IsApproval,
        IsUnApproval: next.IsUnApproval,
      });
      if (seq === loadSeq.current)
        setRows((list) => list?.map((r) => (r.JobModeCode === row.JobModeCode ? { ...stored, JobModeName: row.JobModeName } : r)) ?? null);
      void message.success(approvalMessages.saved);
    } catch (e) {
      // Spec 03 §8: the server's message; the row shows what is stored.
      if (seq === loadSeq.current) setRows((list) => list?.map((r) => (r.JobModeCode === row.JobModeCode ? row : r)) ?? null);
      void message.error(errorText(e) || t('approval.saveFailed'));
    } finally {
      setSaving((s) => {
        const n = new Set(s);
        n.delete(row.JobModeCode);
        return n;
      });
    }
  };

  const operatorOptions = useMemo(
    () => [
      { value: APPROVAL_ALL, label: t('approval.all') },
      ...(operators.data ?? []).map((o) => ({ value: o.OperationCode, label: `${o.OperationCode} - ${o.OperationName}` })),
    ],
    [operators.data, t],
  );
  const customerOptions = useMemo(
    () => [
      { value: APPROVAL_ALL, label: t('approval.all') },
      ...(customers.data ?? []).map((c) => ({
        value: String(c.CustomerCode),
        label: `${c.CustomerCode} - ${c.CustomerName ?? ''}${c.TaxCode ? ` (${c.TaxCode})` : ''}`,
      })),
    ],
    [customers.data, t],
  );

  /** The mark of the filter the load's check stopped at. */
  const marked = (field: FilterField) => (problem?.field === field ? { validateStatus: 'error' as const, help: problem.message } : {});

  const switchCell = (which: SwitchName, label: string) => (_: unknown, r: ApprovalRow) => (
    <Switch
      size="small"
      checked={r[which]}
      loading={saving.has(r.JobModeCode)}
      disabled={saving.has(r.JobModeCode)}
      aria-label={`${label} ${r.JobModeCode}`}
      onChange={(on) => void toggle(r, which, on)}
    />
  );

  return (
    <Flex gap={12} wrap align="flex-start">
      <Card
        size="small"
        style={{ flex: '1 1 300px', maxWidth: 380, minWidth: 0 }}
        styles={{ body: { padding: 12 } }}
        title={
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('approval.filters')}
          </Typography.Title>
        }
      >
        <Form layout="vertical" requiredMark={false} onFinish={() => void runLoad(filters)}>
          <Form.Item label={t('approval.reff')} htmlFor="approval-reff">
            <Select
              id="approval-reff"
              allowClear
              showSearch
              value={reff}
              placeholder={t('approval.reffPlaceholder')}
              loading={reffs.isLoading}
              options={(reffs.data ?? []).map((r) => ({ value: r.ReffCode, label: r.ReffCode }))}
              onChange={(v) => pickReff((v as string | undefined) ?? null)}
            />
          </Form.Item>
          <Form.Item label={t('approval.operator')} htmlFor="approval-operator" {...marked('OperationCode')}>
            <Select
              id="approval-operator"
              showSearch
              optionFilterProp="label"
              value={filters.OperationCode}
              placeholder={t('approval.operatorPlaceholder')}
              loading={operators.isLoading}
              options={operatorOptions}
              onChange={(v: string) => change({ OperationCode: v })}
            />
          </Form.Item>
          <Form.Item label={t('approval.customer')} htmlFor="approval-customer" {...marked('CustomerCode')}>
            <Select
              id="approval-customer"
              showSearch
              optionFilterProp="label"
              value={filters.CustomerCode}
              placeholder={t('approval.customerPlaceholder')}
              loading={customers.isLoading}
              options={customerOptions}
              onChange={(v: string) => change({ CustomerCode: v })}
            />
          </Form.Item>
          <Form.Item label={t('approval.moneyCredit')} htmlFor="approval-money-credit" {...marked('MoneyCredit')}>
            <Select
              id="approval-money-credit"
              value={filters.MoneyCredit}
              placeholder={t('approval.moneyCreditPlaceholder')}
              options={[
                { value: APPROVAL_ALL, label: t('approval.all') },
                { value: 'M', label: t('approval.payNow') },
                { value: 'C', label: t('approval.payLater') },
              ]}
              onChange={(v: string) => change({ MoneyCredit: v })}
            />
          </Form.Item>
          <Flex gap={8} wrap>
            <Form.Item label={t('approval.fromDate')} htmlFor="approval-from" style={{ flex: '1 1 150px' }} {...marked('FromDate')}>
              <DatePicker
                id="approval-from"
                style={{ width: '100%' }}
                format={[FROM_FORMAT, ...TYPED_DATE_FORMATS]}
                onKeyDown={keepEnter}
                value={filters.FromDate}
                onChange={(d) => change({ FromDate: d ? d.startOf('day') : null })}
              />
            </Form.Item>
            <Form.Item label={t('approval.toDate')} htmlFor="approval-to" style={{ flex: '1 1 150px' }} {...marked('ToDate')}>
              <DatePicker
                id="approval-to"
                style={{ width: '100%' }}
                format={[TO_FORMAT, ...TYPED_DATE_FORMATS]}
                onKeyDown={keepEnter}
                value={filters.ToDate}
                onChange={(d) => change({ ToDate: d ? d.endOf('day') : null })}
              />
            </Form.Item>
          </Flex>
          <Button type="primary" htmlType="submit" icon={<CloudDownloadOutlined />} loading={load.isPending} block>
            {t('approval.load')}
          </Button>
        </Form>
      </Card>
      <Card
        size="small"
        style={{ flex: '999 1 480px', minWidth: 0 }}
        styles={{ body: { padding: 12 } }}
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('approval.title')}
          </Typography.Title>
        }
      >
        <Table<ApprovalRow>
          size="small"
          rowKey="JobModeCode"
          aria-label={t('approval.gridLabel')}
          loading={load.isPending}
          dataSource={rows ?? []}
          pagination={false}
          tableLayout="fixed"
          scroll={{ y: '50vh' }}
          locale={{ emptyText: rows ? t('approval.noRows') : t('approval.notLoaded') }}
          columns={[
            { key: 'stt', title: t('grid.rowNumber'), width: 52, render: (_v, _r, i) => i + 1 },
            { dataIndex: 'JobModeCode', title: t('approval.jobModeCode'), width: 100 },
            { dataIndex: 'JobModeName', title: t('approval.jobModeName'), ellipsis: true },
            {
              key: 'IsUnApproval',
              title: t('approval.noApproval'),
              width: 130,
              align: 'center',
              render: switchCell('IsUnApproval', t('approval.noApproval')),
            },
            {
              key: 'IsApproval',
              title: t('approval.needApproval'),
              width: 110,
              align: 'center',
              render: switchCell('IsApproval', t('approval.needApproval')),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
