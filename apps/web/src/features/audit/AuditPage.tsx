import { type AuditAction, type AuditRow, auditActionNames, auditActions, auditMessages, type GridColumn } from '@smartport/contract';
import { Button, Card, DatePicker, Descriptions, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ListExportButton, usePageTitle } from '../../components/list-screen/list-screen';
import { formatDateTime } from '../../lib/format';
import { type AuditFilterInput, type AuditRequest, auditExportRows, useAuditKinds, useAuditPage } from './api';

interface FilterValues {
  FromDate?: Dayjs | null;
  ToDate?: Dayjs | null;
  UserID?: string;
  EntityKind?: string;
  Action?: AuditAction | '';
  KeyText?: string;
}

const DEFAULT_PAGE_SIZE = 20;
const initialRequest: AuditRequest = { Page: 1, PageSize: DEFAULT_PAGE_SIZE };
const actionColors: Partial<Record<string, string>> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  approve: 'green',
  reject: 'orange',
  cancel: 'red',
};

/** The form's values as the calls take them: port days, texts trimmed, empty ones left out. */
function filterOf(v: FilterValues): AuditFilterInput {
  const text = (s: string | undefined) => s?.trim() || undefined;
  const f: AuditFilterInput = {
    FromDate: v.FromDate?.format('YYYY-MM-DD'),
    ToDate: v.ToDate?.format('YYYY-MM-DD'),
    UserID: text(v.UserID),
    EntityKind: v.EntityKind || undefined,
    Action: v.Action || undefined,
    KeyText: text(v.KeyText),
  };
  return Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined)) as AuditFilterInput;
}

/** A value as the detail and the export show it: text as is, others as JSON, absent as '—'. */
function shownValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const actionName = (a: string) => auditActionNames[a as AuditAction] ?? a;

/**
 * 'Nhật ký thay đổi' (/SystemManager/audit_log, administrators): who changed what, when and from where, newest first,
 * filtered and paged by the server; a row opens its changed fields before → after (secrets only as '********');
 * 'Xuất Excel' asks the server for every record the filter matches.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const title = t('audit.title');
  usePageTitle(title);
  const [form] = Form.useForm<FilterValues>();
  const [request, setRequest] = useState<AuditRequest>(initialRequest);
  const [open, setOpen] = useState<AuditRow | null>(null);
  const list = useAuditPage(request);
  const kinds = useAuditKinds();

  const kindName = (kind: string) => {
    const [head, rest] = kind.split(':') as [string, string | undefined];
    const name = t(`audit.kind.${head}`, { defaultValue: head });
    return rest ? `${name}: ${rest}` : name;
  };
  const userOf = (r: AuditRow) => (r.UserID === 'system' ? t('audit.system') : `${r.UserID}${r.UserName ? ` (${r.UserName})` : ''}`);

  const search = (v: FilterValues) => {
    const next = { ...filterOf(v), Page: 1, PageSize: request.PageSize } as AuditRequest;
    if (JSON.stringify(next) === JSON.stringify(request)) void list.refetch();
    else setRequest(next);
  };

  const columns: ColumnsType<AuditRow> = [
    { title: t('audit.col.time'), dataIndex: 'ChangedTime', width: 160, render: (d: string) => formatDateTime(d, 'DD/MM/YYYY HH:mm:ss') },
    { title: t('audit.col.user'), key: 'user', width: 200, render: (_: unknown, r) => userOf(r) },
    { title: t('audit.col.ip'), dataIndex: 'ClientIp', width: 130, render: (ip: string | null) => ip ?? '' },
    { title: t('audit.col.kind'), dataIndex: 'EntityKind', width: 220, render: (k: string) => kindName(k) },
    {
      title: t('audit.col.key'),
      dataIndex: 'EntityKey',
      width: 260,
      render: (key: string, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => setOpen(r)}
          aria-label={`${t('audit.detail.open')} ${key}`}
        >
          {key}
        </Button>
      ),
    },
    {
      title: t('audit.col.action'),
      dataIndex: 'Action',
      width: 110,
      render: (a: string) => <Tag color={actionColors[a]}>{actionName(a)}</Tag>,
    },
    { title: t('audit.col.fields'), key: 'fields', render: (_: unknown, r) => Object.keys(r.Changes).join(', ') },
  ];

  // The workbook holds what the screen shows, and each change as 'field: before → after'.
  const exportColumns: GridColumn[] = [
    { field: 'Time', title: t('audit.col.time'), type: 'text', width: 160 },
    { field: 'User', title: t('audit.col.user'), type: 'text', width: 200 },
    { field: 'ClientIp', title: t('audit.col.ip'), type: 'text', width: 130 },
    { field: 'Kind', title: t('audit.col.kind'), type: 'text', width: 200 },
    { field: 'EntityKey', title: t('audit.col.key'), type: 'text', width: 220 },
    { field: 'Action', title: t('audit.col.action'), type: 'text', width: 100 },
    { field: 'Changes', title: t('audit.col.changes'), type: 'text', width: 400 },
  ];
  const exportRows = async () => {
    const { Page: _page, PageSize: _size, ...filter } = request;
    return (await auditExportRows(filter)).map((r) => ({
      Time: formatDateTime(r.ChangedTime, 'DD/MM/YYYY HH:mm:ss'),
      User: userOf(r),
      ClientIp: r.ClientIp ?? '',
      Kind: kindName(r.EntityKind),
      EntityKey: r.EntityKey,
      Action: actionName(r.Action),
      Changes: Object.entries(r.Changes)
        .map(([f, c]) => `${f}: ${shownValue(c.before)} → ${shownValue(c.after)}`)
        .join('; '),
    }));
  };

  const data = list.data;
  const changes = open ? Object.entries(open.Changes).map(([field, c]) => ({ field, ...c })) : [];
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      <Form<FilterValues>
        form={form}
        layout="inline"
        onFinish={search}
        initialValues={{ EntityKind: '', Action: '' }}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="FromDate" label={t('audit.filter.from')}>
          <DatePicker format="DD/MM/YYYY" aria-label={t('audit.filter.from')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="ToDate"
          label={t('audit.filter.to')}
          dependencies={['FromDate']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, to: Dayjs | null) => {
                const from = getFieldValue('FromDate') as Dayjs | null;
                return from && to && from.isAfter(to, 'day') ? Promise.reject(new Error(auditMessages.badPeriod)) : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker format="DD/MM/YYYY" aria-label={t('audit.filter.to')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="UserID" label={t('audit.filter.user')}>
          <Input aria-label={t('audit.filter.user')} allowClear maxLength={100} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="EntityKind" label={t('audit.filter.kind')}>
          <Select
            aria-label={t('audit.filter.kind')}
            style={{ width: 240 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={kinds.isLoading}
            options={[{ value: '', label: t('audit.filter.all') }, ...(kinds.data ?? []).map((k) => ({ value: k, label: kindName(k) }))]}
          />
        </Form.Item>
        <Form.Item name="Action" label={t('audit.filter.action')}>
          <Select
            aria-label={t('audit.filter.action')}
            style={{ width: 150 }}
            options={[{ value: '', label: t('audit.filter.all') }, ...auditActions.map((a) => ({ value: a, label: auditActionNames[a] }))]}
          />
        </Form.Item>
        <Form.Item name="KeyText" label={t('audit.filter.key')}>
          <Input aria-label={t('audit.filter.key')} allowClear maxLength={200} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={list.isFetching}>
              {t('audit.filter.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setRequest({ ...initialRequest, PageSize: request.PageSize });
              }}
            >
              {t('audit.filter.clear')}
            </Button>
            <ListExportButton title={t('audit.exportTitle')} columns={exportColumns} loadRows={exportRows} disabled={!data?.total} />
          </Space>
        </Form.Item>
      </Form>
      {list.error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 8 }}>
          {errorText(list.error)}
        </Typography.Text>
      )}
      <Table<AuditRow>
        rowKey="Id"
        size="small"
        loading={list.isFetching}
        dataSource={data?.rows ?? []}
        columns={columns}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('audit.empty') }}
        aria-label={title}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r) })}
        pagination={{
          current: request.Page,
          pageSize: request.PageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('audit.total', { total }),
        }}
        onChange={(pagination) =>
          setRequest({ ...request, Page: pagination.current ?? 1, PageSize: pagination.pageSize ?? DEFAULT_PAGE_SIZE })
        }
      />
      <Drawer open={!!open} onClose={() => setOpen(null)} title={t('audit.detail.title')} size="large" destroyOnHidden>
        {open && (
          <>
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('audit.col.time')}>{formatDateTime(open.ChangedTime, 'DD/MM/YYYY HH:mm:ss')}</Descriptions.Item>
              <Descriptions.Item label={t('audit.col.user')}>{userOf(open)}</Descriptions.Item>
              <Descriptions.Item label={t('audit.col.ip')}>{open.ClientIp ?? ''}</Descriptions.Item>
              <Descriptions.Item label={t('audit.col.kind')}>{kindName(open.EntityKind)}</Descriptions.Item>
              <Descriptions.Item label={t('audit.col.key')}>{open.EntityKey}</Descriptions.Item>
              <Descriptions.Item label={t('audit.col.action')}>{actionName(open.Action)}</Descriptions.Item>
            </Descriptions>
            <Table
              rowKey="field"
              size="small"
              pagination={false}
              aria-label={t('audit.detail.title')}
              dataSource={changes}
              locale={{ emptyText: t('audit.detail.none') }}
              columns={[
                { title: t('audit.detail.field'), dataIndex: 'field', width: 160 },
                {
                  title: t('audit.detail.before'),
                  dataIndex: 'before',
                  render: (v: unknown) => <span style={{ wordBreak: 'break-word' }}>{shownValue(v)}</span>,
                },
                {
                  title: t('audit.detail.after'),
                  dataIndex: 'after',
                  render: (v: unknown) => <span style={{ wordBreak: 'break-word' }}>{shownValue(v)}</span>,
                },
              ]}
            />
          </>
        )}
      </Drawer>
    </Card>
  );
}
