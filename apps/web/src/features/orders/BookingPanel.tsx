import { type OrderTypeDef, orderTypes } from '@smartport/contract';
import { Alert, App, Button, Flex, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingRemaining, usePickEmpties } from './api';
import { type ContainerRow, newContainerRow } from './container-rows';

interface Props {
  type: OrderTypeDef;
  booking: { TerminalCode: string; OperationCode: string; BookingNo: string };
  rows: ContainerRow[];
  onRows(rows: ContainerRow[]): void;
  disabled: boolean;
}

/**
 * The named booking beside the containers of an empty pickup or an export drop-off: what each size has left (the
 * server refuses more), and for an empty pickup the yard's choice of boxes ('Cảng chọn container': oldest first, never
 * held, damaged or on another order) added to the list.
 */
export function BookingPanel({ type, booking, rows, onRows, disabled }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remaining = useBookingRemaining(booking.BookingNo ? booking : null);
  const pick = usePickEmpties();
  const lines = remaining.data?.lines ?? [];
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const empties = type.type === orderTypes.empty_pickup.type;
  const chosen = size ?? lines[0]?.IsoSizetype ?? null;

  if (remaining.isError) return <Alert type="error" showIcon title={(remaining.error as Error).message} />;
  if (!remaining.data) return null;

  const left = (l: (typeof lines)[number]) => Math.max(0, l.Quantity - (empties ? l.Picked : l.Dropped));
  const pickNow = async () => {
    if (!chosen || !quantity) return;
    try {
      const r = await pick.mutateAsync({
        ...booking,
        IsoSizetype: chosen,
        Quantity: quantity,
        Exclude: rows.map((row) => row.ContainerNo).filter(Boolean),
      });
      onRows([
        ...rows.filter((row) => row.ContainerNo),
        ...r.containers.map((no) => newContainerRow(type, { ContainerNo: no, IsoSizetype: chosen })),
      ]);
      message.success(r.message);
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <Flex gap={8} wrap align="center" data-testid="booking-panel" style={{ marginBottom: 8 }}>
      <Typography.Text strong>
        {t('orders.booking.title', { no: remaining.data.BookingNo, until: remaining.data.ValidUntil.split('-').reverse().join('/') })}
      </Typography.Text>
      {lines.map((l) => (
        <Tag key={l.IsoSizetype} color={left(l) ? 'blue' : 'red'}>
          {t('orders.booking.left', { size: l.IsoSizetype, left: left(l), quantity: l.Quantity })}
        </Tag>
      ))}
      {empties && (
        <Space wrap size={4} style={{ marginLeft: 'auto' }}>
          <Select
            aria-label={t('orders.booking.size')}
            style={{ width: 100 }}
            value={chosen}
            onChange={setSize}
            options={lines.map((l) => ({ value: l.IsoSizetype, label: l.IsoSizetype }))}
            disabled={disabled}
          />
          <InputNumber
            aria-label={t('orders.booking.quantity')}
            min={1}
            max={500}
            value={quantity}
            onChange={setQuantity}
            disabled={disabled}
          />
          <Button onClick={() => void pickNow()} loading={pick.isPending} disabled={disabled || !chosen || !quantity}>
            {t('orders.booking.pick')}
          </Button>
        </Space>
      )}
    </Flex>
  );
}
