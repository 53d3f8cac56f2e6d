import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { PayerRow } from '@smartport/contract';
import { App, Button, Descriptions, Flex, Form, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadPayer } from './api';
import { isPayLater } from './order-draft';

interface Props {
  taxCode: string;
  onTaxCode(v: string): void;
  payers: PayerRow[];
  onPayers(rows: PayerRow[]): void;
  payer: PayerRow | null;
  onPayer(p: PayerRow | null): void;
  disabled: boolean;
}

/** Step 3 'Đối tượng thanh toán': the tax code, 'Tìm', then one of the customers found. */
export function PayerStep({ taxCode, onTaxCode, payers, onPayers, payer, onPayer, disabled }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const load = useLoadPayer();
  const [searched, setSearched] = useState(payers.length > 0);

  const search = async () => {
    const code = taxCode.trim();
    if (!code) {
      void message.error(t('orders.payer.noTaxCode'));
      return;
    }
    try {
      const rows = await load.mutateAsync(code);
      onPayers(rows);
      setSearched(true);
      onPayer(rows.length === 1 ? (rows[0] ?? null) : null);
      if (!rows.length) void message.warning(t('orders.payer.notFound'));
    } catch (e) {
      // Nothing found (404) or refused: no payer stays chosen from an earlier search.
      onPayers([]);
      onPayer(null);
      void message.error((e as Error).message);
    }
  };

  const payLaterTag = (p: PayerRow) =>
    isPayLater(p) ? <Tag color="purple">{t('orders.payer.payLater')}</Tag> : <Tag color="blue">{t('orders.payer.payNow')}</Tag>;

  return (
    <Flex vertical gap={12}>
      <Form layout="vertical" component="div" disabled={disabled}>
        <Form.Item label={t('orders.payer.taxCode')} required style={{ maxWidth: 480, marginBottom: 0 }}>
          <Flex gap={8}>
            <Input
              aria-label={t('orders.payer.taxCode')}
              value={taxCode}
              maxLength={20}
              onChange={(e) => onTaxCode(e.target.value)}
              onPressEnter={() => void search()}
            />
            <Button type="primary" icon={<SearchOutlined />} loading={load.isPending} onClick={() => void search()}>
              {t('orders.payer.search')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {searched && (
        <Table<PayerRow>
          size="small"
          rowKey="CustomerCode"
          dataSource={payers}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('orders.payer.notFound') }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: payer ? [payer.CustomerCode] : [],
            onChange: (_keys, rows) => onPayer(rows[0] ?? null),
            getCheckboxProps: () => ({ disabled }),
          }}
          onRow={(p) => ({ onClick: () => !disabled && onPayer(p), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('orders.payer.code'), dataIndex: 'CustomerCode', width: 120 },
            { title: t('orders.payer.name'), dataIndex: 'CustomerName' },
            { title: t('orders.payer.taxCode'), dataIndex: 'TaxCode', width: 130 },
            { title: t('orders.payer.kind'), key: 'kind', width: 110, render: (_: unknown, p) => payLaterTag(p) },
          ]}
        />
      )}
      {payer && (
        <Descriptions
          bordered
          size="small"
          column={1}
          title={t('orders.payer.chosen')}
          items={[
            { key: 'name', label: t('orders.payer.name'), children: payer.CustomerName },
            { key: 'tax', label: t('orders.payer.taxCode'), children: payer.TaxCode },
            { key: 'address', label: t('orders.payer.address'), children: payer.Address ?? '' },
            { key: 'kind', label: t('orders.payer.kind'), children: payLaterTag(payer) },
          ]}
        />
      )}
    </Flex>
  );
}
