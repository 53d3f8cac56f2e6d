import {
  formatPortTime,
  portFormats,
  type ReportScheduleInput,
  type ReportScheduleRow,
  reportScheduleFrequencies,
  reportScheduleFrequencyNames,
  reportScheduleKindInfo,
  reportScheduleKinds,
  reportScheduleMessages,
  reportSchedulePeriodNames,
  reportSchedulePeriods,
  reportScheduleRunStatusNames,
  weekDayNames,
} from '@smartport/contract';
import { Alert, App, Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, FormDialog, usePageTitle, useTerminalOptions } from '../../components/list-screen/list-screen';
import { useReportScheduleActions, useReportSchedules } from './api';

type Values = Omit<ReportScheduleInput, 'Rowguid' | 'Recipients'> & { Recipients: string };

const timeText = (iso: string | null) => (iso ? formatPortTime(new Date(iso), portFormats.dateTimeMinutes) : '');
const required = (message: string) => [{ required: true, message }];

/**
 * 'Lịch gửi báo cáo' (/CRM/ReportSchedules): the caller's schedules of the statistics reports ('Thống kê tổng hợp',
 * 'Thống kê theo khách hàng'), their next and last run; add, change, delete. The server checks and runs them.
 */
export default function ReportSchedulesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  usePageTitle(t('reportSchedules.title'));
  const list = useReportSchedules();
  const actions = useReportScheduleActions();
  const terminals = useTerminalOptions(false);
  const [editing, setEditing] = useState<ReportScheduleRow | 'new' | null>(null);

  const when = (r: ReportScheduleRow) => {
    const day =
      r.Frequency === 'weekly'
        ? ` – ${weekDayNames[r.WeekDay ?? 1]}`
        : r.Frequency === 'monthly'
          ? ` – ${t('reportSchedules.monthDayText', { day: r.MonthDay })}`
          : '';
    return `${reportScheduleFrequencyNames[r.Frequency]}${day} ${t('reportSchedules.at', { time: r.SendTime })}`;
  };
  const columns: ColumnsType<ReportScheduleRow> = [
    {
      title: t('reportSchedules.col.report'),
      dataIndex: 'ReportKind',
      render: (k: ReportScheduleRow['ReportKind']) => reportScheduleKindInfo[k].title,
    },
    {
      title: t('reportSchedules.col.period'),
      dataIndex: 'Period',
      render: (p: ReportScheduleRow['Period']) => reportSchedulePeriodNames[p],
    },
    { title: t('reportSchedules.col.frequency'), key: 'when', render: (_, r) => when(r) },
    { title: t('reportSchedules.col.terminals'), dataIndex: 'TerminalCodes', render: (l: string[]) => l.join(', ') },
    { title: t('reportSchedules.col.recipients'), dataIndex: 'Recipients', ellipsis: true },
    {
      title: t('reportSchedules.col.next'),
      dataIndex: 'NextRunTime',
      render: (v: string | null, r) => (r.IsActive ? timeText(v) : <Tag>{t('reportSchedules.inactive')}</Tag>),
    },
    { title: t('reportSchedules.col.last'), dataIndex: 'LastRunTime', render: timeText },
    {
      title: t('reportSchedules.col.result'),
      key: 'result',
      render: (_, r) =>
        r.LastStatus ? (
          <span title={r.LastResult ?? ''}>
            <Tag color={r.LastStatus === 'queued' ? 'green' : 'red'}>{reportScheduleRunStatusNames[r.LastStatus]}</Tag>
            {r.LastResult}
          </span>
        ) : null,
    },
    {
      title: '',
      key: 'actions',
      width: 200,
      render: (_, r) => (
        <Space>
          <Button
            size="small"
            loading={actions.sendNow.isPending && actions.sendNow.variables === r.Rowguid}
            onClick={async () => {
              try {
                const reply = await actions.sendNow.mutateAsync(r.Rowguid);
                message.success(reply.message ?? reportScheduleMessages.sentNow);
              } catch (e) {
                message.error(errorText(e));
              }
            }}
          >
            {t('reportSchedules.sendNow')}
          </Button>
          <Button size="small" onClick={() => setEditing(r)}>
            {t('reportSchedules.edit')}
          </Button>
          <Popconfirm
            title={t('reportSchedules.deleteConfirm')}
            onConfirm={async () => {
              try {
                const reply = await actions.remove.mutateAsync(r.Rowguid);
                message.success(reply.message ?? reportScheduleMessages.deleted);
              } catch (e) {
                message.error(errorText(e));
              }
            }}
          >
            <Button size="small" danger>
              {t('reportSchedules.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const current = editing && editing !== 'new' ? editing : null;
  const initialValues: Partial<Values> = current
    ? { ...current, WeekDay: current.WeekDay, MonthDay: current.MonthDay }
    : { ReportKind: 'summary', Period: 'day', Frequency: 'daily', SendTime: '07:00', IsActive: true, TerminalCodes: [] };

  return (
    <Card
      size="small"
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('reportSchedules.title')}
        </Typography.Title>
      }
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('reportSchedules.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('reportSchedules.intro')}</Typography.Paragraph>
      {list.error && <Alert type="error" showIcon title={list.error.message || t('reportSchedules.loadFailed')} />}
      <Table<ReportScheduleRow>
        size="small"
        rowKey="Rowguid"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('reportSchedules.empty') }}
        data-testid="report-schedules"
      />
      <FormDialog<Values>
        open={editing !== null}
        title={current ? t('reportSchedules.editTitle') : t('reportSchedules.newTitle')}
        okText={t('reportSchedules.save')}
        loading={actions.save.isPending}
        width={560}
        initialValues={initialValues}
        errorTestId="report-schedule-error"
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const reply = await actions.save.mutateAsync({
            ...v,
            ...(current ? { Rowguid: current.Rowguid } : {}),
            WeekDay: v.Frequency === 'weekly' ? (v.WeekDay ?? null) : null,
            MonthDay: v.Frequency === 'monthly' ? (v.MonthDay ?? null) : null,
          } as ReportScheduleInput);
          message.success(reply.message ?? reportScheduleMessages.saved);
        }}
      >
        <Form.Item name="ReportKind" label={t('reportSchedules.field.report')} rules={required(reportScheduleMessages.kind)}>
          <Select options={reportScheduleKinds.map((k) => ({ value: k, label: reportScheduleKindInfo[k].title }))} />
        </Form.Item>
        <Form.Item name="Period" label={t('reportSchedules.field.period')} rules={required(reportScheduleMessages.period)}>
          <Select options={reportSchedulePeriods.map((p) => ({ value: p, label: reportSchedulePeriodNames[p] }))} />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="Frequency" label={t('reportSchedules.field.frequency')} rules={required(reportScheduleMessages.frequency)}>
            <Select
              style={{ width: 150 }}
              options={reportScheduleFrequencies.map((f) => ({ value: f, label: reportScheduleFrequencyNames[f] }))}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.Frequency !== b.Frequency}>
            {({ getFieldValue }) =>
              getFieldValue('Frequency') === 'weekly' ? (
                <Form.Item name="WeekDay" label={t('reportSchedules.field.weekDay')} rules={required(reportScheduleMessages.weekDay)}>
                  <Select style={{ width: 130 }} options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: weekDayNames[d] }))} />
                </Form.Item>
              ) : getFieldValue('Frequency') === 'monthly' ? (
                <Form.Item name="MonthDay" label={t('reportSchedules.field.monthDay')} rules={required(reportScheduleMessages.monthDay)}>
                  <InputNumber min={1} max={28} style={{ width: 130 }} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item name="SendTime" label={t('reportSchedules.field.sendTime')} rules={required(reportScheduleMessages.sendTime)}>
            <Input style={{ width: 110 }} placeholder="07:00" maxLength={5} />
          </Form.Item>
        </Space>
        <Form.Item
          name="TerminalCodes"
          label={t('reportSchedules.field.terminals')}
          rules={required(reportScheduleMessages.terminalsRequired)}
        >
          <Select mode="multiple" loading={terminals.loading} options={terminals.options} data-testid="report-schedule-terminals" />
        </Form.Item>
        <Form.Item
          name="Recipients"
          label={t('reportSchedules.field.recipients')}
          rules={required(reportScheduleMessages.recipientsRequired)}
        >
          <Input.TextArea rows={2} placeholder="giamdoc@cang.vn; ketoan@cang.vn" />
        </Form.Item>
        <Form.Item name="IsActive" label={t('reportSchedules.field.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
