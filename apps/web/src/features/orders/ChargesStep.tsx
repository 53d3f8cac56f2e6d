import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { AttachOption, ChargeLine, OrderCharges } from '@smartport/contract';
import { Alert, Button, Checkbox, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';

interface Props {
  charges: OrderCharges | null;
  calculating: boolean;
  error: string | null;
  onCalculate(): void;
  disabled: boolean;
  /** The optional attached services ticked; a change prices the order again. */
  ticked: readonly string[];
  onTicked(codes: string[]): void;
}

/**
 * The attached services the attach configuration offers the order: the default ones shown ticked and fixed, the
 * optional ones for the customer to tick (priced by the server's tariff engine on the next calculation).
 */
function AttachChoices({
  options,
  ticked,
  onTicked,
  disabled,
}: {
  options: readonly AttachOption[];
  ticked: readonly string[];
  onTicked(codes: string[]): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap="4px 16px" wrap align="center" role="group" aria-label={t('orders.charges.attach')} data-testid="attach-options">
      <Typography.Text strong>{t('orders.charges.attach')}:</Typography.Text>
      {options.map((o) => (
        <Checkbox
          key={o.AttachServiceCode}
          checked={o.IsFixed || ticked.includes(o.AttachServiceCode)}
          disabled={disabled || o.IsFixed}
          onChange={(e) =>
            onTicked(e.target.checked ? [...new Set([...ticked, o.AttachServiceCode])] : ticked.filter((c) => c !== o.AttachServiceCode))
          }
        >
          {`${o.AttachServiceCode} - ${o.JobModeName}`}
          {o.IsFixed ? ` (${t('orders.charges.attachFixed')})` : ''}
        </Checkbox>
      ))}
    </Flex>
  );
}

const money = (v: number) => v.toLocaleString('vi-VN');

/** Step 4 'Tính cước': the draft invoice line by line and its totals in VNĐ. */
export function ChargesStep({ charges, calculating, error, onCalculate, disabled, ticked, onTicked }: Props) {
  const { t } = useTranslation();
  const kind = (k: ChargeLine['ChargeKind']) => t(`orders.charges.kinds.${k}`);
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Button type="primary" icon={<ReloadOutlined />} loading={calculating} onClick={onCalculate} disabled={disabled}>
          {t('orders.charges.calculate')}
        </Button>
        {charges && <span>{t('orders.charges.lines', { count: charges.lines.length })}</span>}
      </Flex>
      {!!charges?.AttachOptions?.length && (
        <AttachChoices options={charges.AttachOptions} ticked={ticked} onTicked={onTicked} disabled={disabled || calculating} />
      )}
      {error && <Alert type="error" showIcon title={error} />}
      <Table<ChargeLine>
        size="small"
        rowKey="LineNo"
        loading={calculating}
        dataSource={charges?.lines ?? []}
        pagination={charges && charges.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 1760, y: 'max(220px, calc(100vh - 500px))' }}
        locale={{ emptyText: t('orders.charges.none') }}
        columns={[
          {
            title: t('orders.charges.col.container'),
            dataIndex: 'ContainerNo',
            width: 120,
            fixed: 'left',
            render: (v: string | null) => v ?? '',
          },
          { title: t('orders.charges.col.jobMode'), dataIndex: 'JobModeName', width: 180, ellipsis: { showTitle: true } },
          { title: t('orders.charges.col.kind'), dataIndex: 'ChargeKind', width: 100, render: kind },
          { title: t('orders.charges.col.tariffCode'), dataIndex: 'TariffCode', width: 170, ellipsis: { showTitle: true } },
          { title: t('orders.charges.col.tariffName'), dataIndex: 'TariffName', width: 260, ellipsis: { showTitle: true } },
          {
            title: t('orders.charges.col.quantity'),
            dataIndex: 'Quantity',
            width: 80,
            align: 'right',
            render: (v: number) => v.toLocaleString('vi-VN'),
          },
          { title: t('orders.charges.col.unit'), dataIndex: 'Unit', width: 70 },
          { title: t('orders.charges.col.unitPrice'), dataIndex: 'UnitPrice', width: 110, align: 'right', render: money },
          { title: t('orders.charges.col.amount'), dataIndex: 'Amount', width: 120, align: 'right', render: money },
          {
            title: t('orders.charges.col.vat'),
            key: 'vat',
            width: 110,
            align: 'right',
            render: (_: unknown, l) => (l.VatRate < 0 ? 'KCT' : `${money(l.VatAmount)} (${l.VatRate}%)`),
          },
          { title: t('orders.charges.col.total'), dataIndex: 'Total', width: 120, align: 'right', render: money },
          { title: t('orders.charges.col.explanation'), dataIndex: 'Explanation', width: 520 },
        ]}
      />
      {charges && (
        <Flex gap="8px 24px" wrap justify="flex-end" className="sp-order-totals" role="group" aria-label={t('orders.charges.totals')}>
          <span>
            {t('orders.charges.amount')}: <strong data-testid="charges-amount">{formatMoney(charges.Amount)}</strong>
          </span>
          <span>
            {t('orders.charges.vatAmount')}: <strong data-testid="charges-vat">{formatMoney(charges.VatAmount)}</strong>
          </span>
          <span style={{ fontSize: 16 }}>
            {t('orders.charges.totalAmount')}:{' '}
            <strong data-testid="charges-total" style={{ color: '#0b63b6' }}>
              {formatMoney(charges.TotalAmount)}
            </strong>
          </span>
        </Flex>
      )}
    </Flex>
  );
}
