import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { type SftpAuditKind, type SftpAuditRecord, sftpAuditKindNames, sftpAuditKinds } from '@smartport/contract';
import { Alert, App, Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadOnlyColumn, ReadOnlyGrid } from '../../components/data-grid/ReadOnlyGrid';
import { formatDateTime, portWallClock } from '../../lib/format';
import { useReportError } from '../../lib/report-error';
import { useSftpAudit } from './api';

interface Filters {
  range: [Dayjs, Dayjs] | null;
  username: string;
  address: string;
  kind: SftpAuditKind[];
}

type Row = SftpAuditRecord & { n: number };

/** A picked time is a wall-clock time at the port. */
const instant = (d: Dayjs) => portWallClock(d.year(), d.month() + 1, d.date(), d.hour(), d.minute(), d.second()).toISOString();

/**
 * 'Nhật ký SFTP': the file-transfer service's own log of logins (success, wrong password, locked, refused address) and
 * transfers (upload and download with their bytes, delete), newest first, filtered by time, account, address and
 * kind; Excel export of the shown rows (the grid's).
 */
export default function SftpAuditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>({
    range: [dayjs().startOf('day'), dayjs().endOf('day')],
    username: '',
    address: '',
    kind: [],
  });
  const toRequest = (f: Filters) => ({
    ...(f.range ? { from: instant(f.range[0]), to: instant(f.range[1]) } : {}),
    ...(f.username.trim() ? { username: f.username.trim() } : {}),
    ...(f.address.trim() ? { address: f.address.trim() } : {}),
    ...(f.kind.length ? { kind: f.kind } : {}),
  });
  const [searched, setSearched] = useState(() => toRequest(filters));
  const audit = useSftpAudit(searched);
  useReportError(audit.error, (e) => void message.error(e.message));
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setFilters((f) => ({ ...f, [k]: v }));

  // Two records may share every field (two refusals in one millisecond): rows are told apart by their place.
  const rows: Row[] = (audit.data?.records ?? []).map((r, n) => ({ ...r, n }));
  const columns: ReadOnlyColumn<Row>[] = [
    { key: 'time', title: t('sftp.auditTime'), width: 170, text: (r) => formatDateTime(r.time, 'DD/MM/YYYY HH:mm:ss') },
    { key: 'kind', title: t('sftp.auditKind'), width: 190, text: (r) => sftpAuditKindNames[r.kind] ?? r.kind },
    { key: 'username', title: t('sftp.auditAccount'), width: 160, text: (r) => r.username },
    { key: 'address', title: t('sftp.auditAddress'), width: 150, text: (r) => r.address },
    { key: 'path', title: t('sftp.auditPath'), width: 260, flex: 1, text: (r) => r.path ?? '' },
    { key: 'bytes', title: t('sftp.auditBytes'), width: 120, align: 'right', text: (r) => (r.bytes === undefined ? '' : String(r.bytes)) },
    { key: 'detail', title: t('sftp.auditDetail'), width: 220, text: (r) => r.detail ?? '' },
  ];

  return (
    <Flex vertical gap={8}>
      <Form layout="inline" onFinish={() => setSearched(toRequest(filters))}>
        <Form.Item label={t('sftp.auditRange')} style={{ marginBottom: 8 }}>
          <DatePicker.RangePicker
            showTime
            format="DD/MM/YYYY HH:mm:ss"
            value={filters.range}
            onChange={(v) => set('range', v?.[0] && v[1] ? [v[0], v[1]] : null)}
          />
        </Form.Item>
        <Form.Item label={t('sftp.auditAccount')} style={{ marginBottom: 8 }}>
          <Input maxLength={100} value={filters.username} onChange={(e) => set('username', e.target.value)} allowClear />
        </Form.Item>
        <Form.Item label={t('sftp.auditAddress')} style={{ marginBottom: 8 }}>
          <Input maxLength={100} value={filters.address} onChange={(e) => set('address', e.target.value)} allowClear />
        </Form.Item>
        <Form.Item label={t('sftp.auditKind')} style={{ marginBottom: 8, minWidth: 260 }}>
          <Select
            mode="multiple"
            allowClear
            value={filters.kind}
            onChange={(v) => set('kind', v)}
            options={sftpAuditKinds.map((k) => ({ value: k, label: sftpAuditKindNames[k] }))}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={audit.isFetching}>
            {t('sftp.auditSearch')}
          </Button>
        </Form.Item>
      </Form>
      {audit.data?.truncated && <Alert type="warning" showIcon title={t('sftp.auditTruncated', { count: audit.data.records.length })} />}
      <ReadOnlyGrid
        title={t('sftp.auditTitle')}
        columns={columns}
        rows={rows}
        rowId={(r) => String(r.n)}
        height="60vh"
        loading={audit.isFetching}
      />
    </Flex>
  );
}
