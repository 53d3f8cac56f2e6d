import type { DepotChoice, OrderTypeDef } from '@smartport/contract';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { session } from '../../lib/session';
import { useTerminals } from '../../lib/session-queries';
import { useOrderOperators } from './api';
import { lastExpiry, type OrderInfo } from './order-draft';
import type { VesselFieldSlot } from './wizard-slots';

interface Props {
  type: OrderTypeDef;
  info: OrderInfo;
  onChange(patch: Partial<OrderInfo>): void;
  VesselField: VesselFieldSlot;
  disabled: boolean;
  /** The terminal's depots where the order chooses one (DepotSelect on, empty pickup / return), else null. */
  depots: readonly DepotChoice[] | null;
}

const item = { style: { flex: '1 1 260px', minWidth: 0, marginBottom: 12 } };

/** Step 1 'Thông tin lệnh': port, operator, vessel/voyage, B/L or booking, expiry, service, shipper, note. */
export function OrderInfoStep({ type, info, onChange, VesselField, disabled, depots }: Props) {
  const { t } = useTranslation();
  const terminals = useTerminals();
  const operators = useOrderOperators();
  const mine = session.terminals();
  const terminalOptions = (terminals.data ?? [])
    .filter((r) => !mine.length || mine.includes(r.TerminalCode))
    .map((r) => ({ value: r.TerminalCode, label: `${r.TerminalCode} - ${r.TerminalName}` }));
  const operatorOptions = (operators.data ?? []).map((o) => {
    const row = o as { OperationCode: string; OperationName?: string };
    return { value: row.OperationCode, label: `${row.OperationCode} - ${row.OperationName ?? ''}` };
  });
  const showBL = type.document !== 'BookingNo';
  const showBooking = type.document !== 'BLNo';
  const required = (field: 'BL' | 'Booking') => type.document === (field === 'BL' ? 'BLNo' : 'BookingNo');

  return (
    <Form layout="vertical" disabled={disabled} component="div">
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}>
        <Form.Item label={t('orders.info.terminal')} required {...item}>
          <Select
            aria-label={t('orders.info.terminal')}
            options={terminalOptions}
            value={info.TerminalCode || undefined}
            loading={terminals.isLoading}
            onChange={(v: string) => onChange({ TerminalCode: v, vessel: null, DepotCode: '' })}
            placeholder={t('orders.info.terminalPlaceholder')}
          />
        </Form.Item>
        <Form.Item label={t('orders.info.operator')} required {...item}>
          <Select
            aria-label={t('orders.info.operator')}
            showSearch={{ optionFilterProp: 'label' }}
            options={operatorOptions}
            value={info.OperationCode || undefined}
            loading={operators.isLoading}
            onChange={(v: string) => onChange({ OperationCode: v })}
            placeholder={t('orders.info.operatorPlaceholder')}
          />
        </Form.Item>
        {type.jobModes.length > 1 && (
          <Form.Item label={t('orders.info.jobMode')} required {...item}>
            <Select
              aria-label={t('orders.info.jobMode')}
              options={type.jobModes.map((code) => ({
                value: code,
                label: `${code} - ${t(`orders.jobModes.${code}`, { defaultValue: code })}`,
              }))}
              value={info.JobModeCode || undefined}
              onChange={(v: string) => onChange({ JobModeCode: v })}
            />
          </Form.Item>
        )}
        {showBL && (
          <Form.Item label={t('orders.info.blNo')} required={required('BL')} {...item}>
            <Input
              aria-label={t('orders.info.blNo')}
              maxLength={50}
              value={info.BLNo}
              onChange={(e) => onChange({ BLNo: e.target.value.toUpperCase() })}
            />
          </Form.Item>
        )}
        {showBooking && (
          <Form.Item label={t('orders.info.bookingNo')} required={required('Booking')} {...item}>
            <Input
              aria-label={t('orders.info.bookingNo')}
              maxLength={50}
              value={info.BookingNo}
              onChange={(e) => onChange({ BookingNo: e.target.value.toUpperCase() })}
            />
          </Form.Item>
        )}
        <Form.Item label={t('orders.info.expDate')} required {...item}>
          <DatePicker
            aria-label={t('orders.info.expDate')}
            showTime
            format="DD/MM/YYYY HH:mm"
            style={{ width: '100%' }}
            value={info.ExpDate}
            disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(lastExpiry())}
            onChange={(v) => onChange({ ExpDate: v })}
          />
        </Form.Item>
        {depots && (
          <Form.Item label={t('orders.info.depot')} required {...item}>
            <Select
              aria-label={t('orders.info.depot')}
              showSearch={{ optionFilterProp: 'label' }}
              options={depots.map((d) => ({ value: d.DepotCode, label: `${d.DepotCode} - ${d.DepotName}`, title: d.Address ?? undefined }))}
              value={info.DepotCode || undefined}
              onChange={(v: string) => onChange({ DepotCode: v })}
              placeholder={t('orders.info.depotPlaceholder')}
            />
          </Form.Item>
        )}
        <Form.Item label={t('orders.info.shipper')} {...item}>
          <Input
            aria-label={t('orders.info.shipper')}
            maxLength={200}
            value={info.ShipperName}
            onChange={(e) => onChange({ ShipperName: e.target.value })}
          />
        </Form.Item>
      </div>
      <Form.Item label={t('orders.info.vessel')} required={type.vesselRequired} style={{ maxWidth: 540, marginBottom: 12 }}>
        {/* The order's terminal's calls only; a pickup's containers came on a call that may have left already. */}
        <VesselField
          value={info.vessel}
          onChange={(v) => onChange({ vessel: v })}
          terminal={info.TerminalCode}
          past={type.direction === 'out'}
        />
      </Form.Item>
      <Form.Item label={t('orders.info.note')} style={{ marginBottom: 0 }}>
        <Input.TextArea
          aria-label={t('orders.info.note')}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={info.Note}
          onChange={(e) => onChange({ Note: e.target.value })}
        />
      </Form.Item>
    </Form>
  );
}
