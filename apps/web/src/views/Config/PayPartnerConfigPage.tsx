import { calls, type PayPartner } from '@smartport/contract';
import { App, Button, Card, Checkbox, Flex, Input, InputNumber, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client';

type Row = PayPartner & { key: string; state: 'saved' | 'new' | 'edited' };
const RELOAD_AFTER_SAVE_MS = 1000;

/**
 * /config/pay_partner_config (spec 03 §2.5, §7): the payment partners per terminal with search
 * and save; changed rows need terminal, bank and partner codes; the list reloads 1 s after a save.
 */
export default function PayPartnerConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[]>([]);
  const [terminals, setTerminals] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await callApi(calls.payments.getPayPartners, { isAll: true });
      setRows((r.data ?? []).map((p) => ({ ...p, key: p.Rowguid ?? crypto.randomUUID(), state: 'saved' })));
      setTerminals(r.allTer ?? []);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [message]);
  useEffect(() => {
    void load();
  }, [load]);

  const edit = (key: string, patch: Partial<PayPartner>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch, state: r.state === 'new' ? 'new' : 'edited' } : r)));

  const add = () =>
    setRows((rs) => [
      {
        key: crypto.randomUUID(),
        state: 'new',
        TerminalCode: terminals[0] ?? '',
        partnerCode: '',
        bankCode: '',
        bankName: '',
        partnerName: '',
        isQR: false,
        visible: true,
        orderBy: rs.length + 1,
      },
      ...rs,
    ]);

  const save = async () => {
    const changed = rows.filter((r) => r.state !== 'saved');
    if (!changed.length) return void message.info(t('payPartner.nothing'));
    if (changed.some((r) => !r.TerminalCode?.trim() || !r.bankCode?.trim() || !r.partnerCode?.trim()))
      return void message.warning(t('payPartner.fillAll'));
    setSaving(true);
    try {
      await callApi(
        calls.payments.editPayPartners,
        changed.map(({ key: _k, state: _s, ...p }) => ({
          ...p,
          isQR: !!p.isQR,
          visible: !!p.visible,
          orderBy: Math.trunc(Number(p.orderBy) || 0),
        })),
      );
      void message.success(t('payPartner.saved'));
      setTimeout(() => void load(), RELOAD_AFTER_SAVE_MS);
    } catch (e) {
      void message.error(`${t('payPartner.saveFailed')} ${(e as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return rows;
    return rows.filter((r) =>
      [r.TerminalCode, r.partnerCode, r.bankCode, r.bankName, r.partnerName].some((v) =>
        String(v ?? '')
          .toLowerCase()
          .includes(q),
      ),
    );
  }, [rows, search]);

  const text = (field: 'partnerCode' | 'bankCode' | 'bankName' | 'partnerName', max: number) => (_: unknown, r: Row) => (
    <Input
      size="small"
      value={r[field] ?? ''}
      maxLength={max}
      aria-label={t(`payPartner.cols.${field}`)}
      onChange={(e) => edit(r.key, { [field]: e.target.value })}
    />
  );
  const columns: TableColumnsType<Row> = [
    {
      title: t('payPartner.cols.TerminalCode'),
      dataIndex: 'TerminalCode',
      width: 110,
      render: (_: unknown, r: Row) => (
        <Select
          size="small"
          value={r.TerminalCode || undefined}
          style={{ width: '100%' }}
          options={terminals.map((c) => ({ value: c, label: c }))}
          onChange={(v) => edit(r.key, { TerminalCode: v })}
          aria-label={t('payPartner.cols.TerminalCode')}
        />
      ),
    },
    { title: t('payPartner.cols.partnerCode'), dataIndex: 'partnerCode', width: 140, render: text('partnerCode', 20) },
    { title: t('payPartner.cols.bankCode'), dataIndex: 'bankCode', width: 110, render: text('bankCode', 20) },
    { title: t('payPartner.cols.bankName'), dataIndex: 'bankName', render: text('bankName', 100) },
    { title: t('payPartner.cols.partnerName'), dataIndex: 'partnerName', render: text('partnerName', 100) },
    {
      title: t('payPartner.cols.isQR'),
      dataIndex: 'isQR',
      width: 60,
      align: 'center',
      render: (_: unknown, r: Row) => (
        <Checkbox checked={r.isQR} onChange={(e) => edit(r.key, { isQR: e.target.checked })} aria-label={t('payPartner.cols.isQR')} />
      ),
    },
    {
      title: t('payPartner.cols.visible'),
      dataIndex: 'visible',
      width: 80,
      align: 'center',
      render: (_: unknown, r: Row) => (
        <Checkbox
          checked={r.visible}
          onChange={(e) => edit(r.key, { visible: e.target.checked })}
          aria-label={t('payPartner.cols.visible')}
        />
      ),
    },
    {
      title: t('payPartner.cols.orderBy'),
      dataIndex: 'orderBy',
      width: 90,
      render: (_: unknown, r: Row) => (
        <InputNumber
          size="small"
          min={0}
          max={9999}
          precision={0}
          value={r.orderBy}
          onChange={(v) => edit(r.key, { orderBy: Number(v ?? 0) })}
          aria-label={t('payPartner.cols.orderBy')}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('payPartner.title')}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('payPartner.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 220 }}
          />
          <Button onClick={add}>{t('payPartner.add')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('payPartner.save')}
          </Button>
        </Space>
      </Flex>
      <Table<Row>
        size="small"
        bordered
        rowKey="key"
        loading={loading}
        columns={columns}
        dataSource={shown}
        scroll={{ x: 900 }}
        rowClassName={(r) => (r.state === 'saved' ? '' : `row-${r.state}`)}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}
