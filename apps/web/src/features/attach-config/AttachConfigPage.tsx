import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { type AttachKind, attachConfigMessages, type JobModeServiceRow } from '@smartport/contract';
import { App, Button, Card, Checkbox, Flex, Input, Radio, Select, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../components/data-grid/use-leave-guard';
import { session } from '../../lib/session';
import { useAttachCustomers, useAttachJobModes, useAttachOperators, useAttachServices, useAttachVoyages, useSaveAttachConfig } from './api';
import {
  type AttachJobMode,
  type AttachScopeValues,
  allScope,
  attachSaveBody,
  type EditedAttach,
  setFixed,
  tickService,
  ticksOf,
} from './attach-config';

const NO_MODES: AttachJobMode[] = [];
const NO_SERVICES: JobModeServiceRow[] = [];
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));
const matches = (text: string, ...values: (string | null | undefined)[]) => {
  const q = text.trim().toLowerCase();
  return !q || values.some((v) => (v ?? '').toLowerCase().includes(q));
};

/**
 * 'Cấu hình lệnh đính kèm' (/config/attach_config, spec 03 §2.4, §4): the scope on top (operator, vessel/voyage, payee,
 * local/foreign; each * by default), the job options of the kind chosen ('Nâng hạ' / 'Đóng hàng' / 'Rút hàng') on the
 * left, the attachable services on the right with 'Chọn' and 'Tính phí mặc định'. 'Lưu' sends the edited job options.
 */
export default function AttachConfigPage() {
  const { t } = useTranslation();
  const { message, modal, notification } = App.useApp();
  const terminal = session.terminal();
  const [kind, setKind] = useState<AttachKind>('lolo');
  const [scope, setScope] = useState<AttachScopeValues>(allScope);
  const [selected, setSelected] = useState<string | null>(null);
  const [edited, setEdited] = useState<EditedAttach>({});
  const [modeSearch, setModeSearch] = useState('');
  const [serviceSearch, setServiceSearch] = useState('');
  const [payeeTerm, setPayeeTerm] = useState('');
  const [payeeLabel, setPayeeLabel] = useState<string | null>(null);

  const modes = useAttachJobModes(terminal, kind, scope);
  const jobModes = modes.data ?? NO_MODES;
  const services = useAttachServices();
  const serviceRows = services.data ?? NO_SERVICES;
  const operators = useAttachOperators();
  const voyages = useAttachVoyages(terminal);
  const customers = useAttachCustomers(payeeTerm);
  const save = useSaveAttachConfig();
  const editedCount = Object.keys(edited).length;
  useLeaveGuard(editedCount);

  // Spec 03 §8: a failed load is toasted with the server's message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one message per failed load
  useEffect(() => {
    const e = modes.error ?? services.error;
    if (e) void message.error(errorText(e) || t('grid.loadFailed'));
  }, [modes.errorUpdatedAt, services.errorUpdatedAt]);

  // The selection follows the list: the first job option when the one chosen is not in it.
  useEffect(() => {
    setSelected((current) => (jobModes.some((j) => j.JobModeCode === current) ? current : (jobModes[0]?.JobModeCode ?? null)));
  }, [jobModes]);

  const ticks = useMemo(() => ticksOf(jobModes, edited, selected), [jobModes, edited, selected]);

  /** Another scope, kind or a reload drops unsaved edits: asked first when there are any. */
  const whenDiscarded = (go: () => void) => {
    if (!editedCount) return go();
    modal.confirm({
      title: t('attachConfig.discardTitle'),
      content: t('attachConfig.discardContent', { count: editedCount }),
      okText: t('grid.ok'),
      cancelText: t('grid.cancel'),
      onOk: () => {
        setEdited({});
        go();
      },
    });
  };
  const changeScope = (patch: Partial<AttachScopeValues>) => whenDiscarded(() => setScope((s) => ({ ...s, ...patch })));

  const change = (next: (code: string) => EditedAttach) => {
    if (!selected) {
      void message.warning(t('attachConfig.noJobMode'));
      return;
    }
    setEdited(next(selected));
  };
  const onTick = (service: string, on: boolean) => change((code) => tickService(jobModes, edited, code, service, on));
  const onFixed = (service: string, fixed: boolean) => change((code) => setFixed(jobModes, edited, code, service, fixed));

  const doSave = () => {
    if (!editedCount) {
      void message.info(t('attachConfig.nothingToSave'));
      return;
    }
    modal.confirm({
      title: attachConfigMessages.confirmSave,
      okText: t('grid.ok'),
      cancelText: t('grid.cancel'),
      onOk: async () => {
        try {
          await save.mutateAsync(attachSaveBody(scope, terminal, edited));
        } catch (e) {
          notification.error({ title: attachConfigMessages.saveFailed, description: errorText(e), duration: 10 });
          return;
        }
        void message.success(attachConfigMessages.saved);
        setEdited({});
        await modes.refetch();
      },
    });
  };

  const all = { value: '*', label: t('attachConfig.all') };
  const operatorOptions = [
    all,
    ...(operators.data ?? []).map((o) => ({ value: o.OperationCode, label: `${o.OperationCode} - ${o.OperationName}` })),
  ];
  const voyageOptions = [
    all,
    ...(voyages.data ?? []).map((v) => ({
      value: v.VesselKey,
      label: `${v.VesselName} ${v.VesselImVoy}/${v.VesselExVoy}${v.ETB ? ` (${v.ETB.slice(0, 10)})` : ''}`,
    })),
  ];
  const customerOptions = [
    all,
    ...(scope.CustomerCode !== '*' && payeeLabel ? [{ value: scope.CustomerCode, label: payeeLabel }] : []),
    ...(customers.data ?? [])
      .filter((c) => c.CustomerCode !== scope.CustomerCode)
      .map((c) => ({ value: c.CustomerCode, label: `${c.CustomerCode} - ${c.CustomerName}` })),
  ];
  const filterLabel = (input: string, option?: { label?: unknown }) => matches(input, String(option?.label ?? ''));

  const field = (label: string, control: React.ReactNode, width: number) => (
    <Flex vertical gap={2} style={{ flex: `1 1 ${width}px`, minWidth: 0, maxWidth: width * 1.6 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {control}
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        styles={{ body: { padding: 12 } }}
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('attachConfig.title')}
          </Typography.Title>
        }
      >
        <Flex gap={12} wrap align="flex-end">
          {field(
            t('attachConfig.operator'),
            <Select
              aria-label={t('attachConfig.operator')}
              showSearch={{ filterOption: filterLabel }}
              value={scope.OperationCode}
              options={operatorOptions}
              onChange={(v: string) => changeScope({ OperationCode: v })}
              popupMatchSelectWidth={false}
            />,
            180,
          )}
          {field(
            t('attachConfig.vessel'),
            <Select
              aria-label={t('attachConfig.vessel')}
              showSearch={{ filterOption: filterLabel }}
              value={scope.VesselKey}
              options={voyageOptions}
              loading={voyages.isFetching}
              onChange={(v: string) => changeScope({ VesselKey: v })}
              popupMatchSelectWidth={false}
            />,
            220,
          )}
          {field(
            t('attachConfig.payee'),
            <Select
              aria-label={t('attachConfig.payee')}
              showSearch={{ filterOption: false, onSearch: setPayeeTerm }}
              placeholder={t('attachConfig.payeeSearch')}
              value={scope.CustomerCode}
              options={customerOptions}
              loading={customers.isFetching}
              onChange={(v: string, option) => {
                const label = Array.isArray(option) ? null : String(option?.label ?? v);
                changeScope({ CustomerCode: v });
                setPayeeLabel(v === '*' ? null : label);
              }}
              popupMatchSelectWidth={false}
            />,
            240,
          )}
          {field(
            t('attachConfig.localForeign'),
            <Select
              aria-label={t('attachConfig.localForeign')}
              value={scope.IsLocalForeign}
              options={[all, { value: 'L', label: t('attachConfig.local') }, { value: 'F', label: t('attachConfig.foreign') }]}
              onChange={(v: AttachScopeValues['IsLocalForeign']) => changeScope({ IsLocalForeign: v })}
            />,
            120,
          )}
          <Flex gap={8} style={{ marginLeft: 'auto' }}>
            <Button icon={<ReloadOutlined />} onClick={() => whenDiscarded(() => void modes.refetch())} loading={modes.isFetching}>
              {t('attachConfig.reload')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} onClick={doSave} loading={save.isPending}>
              {t('attachConfig.save')}
            </Button>
          </Flex>
        </Flex>
      </Card>

      <Flex gap={12} wrap align="flex-start">
        <Card
          size="small"
          style={{ flex: '1 1 380px', minWidth: 0 }}
          styles={{ body: { padding: 12 } }}
          title={
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('attachConfig.jobModesTitle')}
            </Typography.Title>
          }
        >
          <Flex vertical gap={10}>
            <Flex gap={8} wrap justify="space-between" align="center">
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                value={kind}
                onChange={(e) => setKind(e.target.value as AttachKind)}
                options={[
                  { value: 'lolo', label: t('attachConfig.lolo') },
                  { value: 'stuff', label: t('attachConfig.stuff') },
                  { value: 'unstuff', label: t('attachConfig.unstuff') },
                ]}
              />
              <Input.Search
                allowClear
                placeholder={t('grid.searchPlaceholder')}
                aria-label={`${t('grid.search')} ${t('attachConfig.jobModesTitle')}`}
                onChange={(e) => setModeSearch(e.target.value)}
                style={{ width: 200 }}
              />
            </Flex>
            <Typography.Text type="secondary" role="status">
              {t('attachConfig.editedCount', { count: editedCount })}
            </Typography.Text>
            <Table<AttachJobMode>
              size="small"
              rowKey="JobModeCode"
              loading={modes.isFetching}
              dataSource={jobModes.filter((j) => matches(modeSearch, j.JobModeCode, j.JobModeName))}
              pagination={false}
              tableLayout="fixed"
              scroll={{ y: '50vh' }}
              locale={{ emptyText: t('grid.ag.noRowsToShow') }}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: selected ? [selected] : [],
                onChange: (keys) => setSelected(keys[0] ? String(keys[0]) : null),
                columnWidth: 40,
              }}
              onRow={(r) => ({ onClick: () => setSelected(r.JobModeCode), style: { cursor: 'pointer' } })}
              columns={[
                { key: 'stt', title: t('grid.rowNumber'), width: 52, render: (_v, _r, i) => i + 1 },
                { dataIndex: 'JobModeCode', title: t('attachConfig.jobModeCode'), width: 110 },
                {
                  dataIndex: 'JobModeName',
                  title: t('attachConfig.jobModeName'),
                  render: (name: string, r) => (
                    <Flex gap={6} wrap align="center">
                      <span>{name}</span>
                      {edited[r.JobModeCode] && <Tag color="orange">{t('attachConfig.edited')}</Tag>}
                    </Flex>
                  ),
                },
                {
                  key: 'count',
                  title: t('attachConfig.attachedCount'),
                  width: 90,
                  align: 'right',
                  render: (_v, r) => ticksOf(jobModes, edited, r.JobModeCode).size,
                },
              ]}
            />
          </Flex>
        </Card>

        <Card
          size="small"
          style={{ flex: '1 1 420px', minWidth: 0 }}
          styles={{ body: { padding: 12 } }}
          title={
            <Flex gap={8} wrap align="center" justify="space-between">
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('attachConfig.servicesTitle')}
              </Typography.Title>
              {selected && <Tag color="blue">{t('attachConfig.selectedJobMode', { code: selected })}</Tag>}
            </Flex>
          }
        >
          <Flex vertical gap={10}>
            <Input.Search
              allowClear
              placeholder={t('grid.searchPlaceholder')}
              aria-label={`${t('grid.search')} ${t('attachConfig.servicesTitle')}`}
              onChange={(e) => setServiceSearch(e.target.value)}
              style={{ maxWidth: 260 }}
            />
            <Table<JobModeServiceRow>
              size="small"
              rowKey="JobModeCode"
              loading={services.isFetching}
              dataSource={serviceRows.filter((s) => matches(serviceSearch, s.JobModeCode, s.JobModeName))}
              pagination={false}
              tableLayout="fixed"
              scroll={{ y: '50vh' }}
              locale={{ emptyText: t('grid.ag.noRowsToShow') }}
              columns={[
                { key: 'stt', title: t('grid.rowNumber'), width: 52, render: (_v, _r, i) => i + 1 },
                {
                  key: 'select',
                  title: t('attachConfig.select'),
                  width: 64,
                  align: 'center',
                  render: (_v, r) => (
                    <Checkbox
                      aria-label={`${t('attachConfig.select')} ${r.JobModeCode}`}
                      checked={ticks.has(r.JobModeCode)}
                      // A job option cannot attach itself.
                      disabled={!selected || r.JobModeCode === selected}
                      onChange={(e) => onTick(r.JobModeCode, e.target.checked)}
                    />
                  ),
                },
                { dataIndex: 'JobModeCode', title: t('attachConfig.serviceCode'), width: 110 },
                { dataIndex: 'JobModeName', title: t('attachConfig.serviceName') },
                {
                  key: 'fixed',
                  title: <span title={t('attachConfig.fixedHint')}>{t('attachConfig.fixed')}</span>,
                  width: 120,
                  align: 'center',
                  render: (_v, r) => (
                    <Checkbox
                      aria-label={`${t('attachConfig.fixed')} ${r.JobModeCode}`}
                      checked={ticks.get(r.JobModeCode) === true}
                      disabled={!ticks.has(r.JobModeCode)}
                      onChange={(e) => onFixed(r.JobModeCode, e.target.checked)}
                    />
                  ),
                },
              ]}
            />
          </Flex>
        </Card>
      </Flex>
    </Flex>
  );
}
