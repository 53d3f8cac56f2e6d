import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type BookingRow, bookingMessages, isoSizetypeProblem } from '@smartport/contract';
import { App, Button, DatePicker, type DatePickerProps, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog, ReasonDialog, ReasonField, useTerminalOptions } from '../../components/list-screen/list-screen';
import { useBookingActions } from './api';
import { amendChange, beforeToday, type LineInput, linesToSend, usedOf } from './booking-rows';

/** No day before today (port time) may be a booking's last day. */
const pastDay = (d: Dayjs) => beforeToday(d.format('YYYY-MM-DD'));

const sizeRule = {
  validator: async (_: unknown, v: string | undefined) => {
    const problem = isoSizetypeProblem(v ?? '');
    if (problem) throw new Error(problem);
  },
};
const atLeastOne = {
  validator: async (_: unknown, lines: LineInput[] | undefined) => {
    if (!lines?.length) throw new Error(bookingMessages.noLines);
  },
};

/**
 * The booking's sizes: one line per ISO size type (upper-cased as typed) with its quantity (≥ 1); lines are added and
 * removed, at least one stays. `used` (when amending) says per size what orders already use.
 */
function LinesEditor({ used }: { used?: Readonly<Record<string, number>> }) {
  const { t } = useTranslation();
  return (
    <Form.List name="lines" rules={[atLeastOne]}>
      {(fields, { add, remove }, { errors }) => (
        <fieldset aria-label={t('booking.lines.title')} style={{ border: 0, padding: 0, margin: '0 0 16px', minWidth: 0 }}>
          <div style={{ paddingBottom: 8 }}>{t('booking.lines.title')}</div>
          <Flex gap={8} style={{ marginBottom: 4 }}>
            <Typography.Text type="secondary" style={{ width: 110 }}>
              {t('booking.lines.size')}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ width: 110 }}>
              {t('booking.lines.quantity')}
            </Typography.Text>
          </Flex>
          {fields.map((f, i) => (
            <Flex key={f.key} gap={8} align="flex-start" wrap>
              <Form.Item
                name={[f.name, 'IsoSizetype']}
                rules={[sizeRule]}
                normalize={(v: string) => v?.toUpperCase()}
                style={{ marginBottom: 8 }}
              >
                <Input
                  aria-label={`${t('booking.lines.size')} ${i + 1}`}
                  placeholder={t('booking.lines.size')}
                  maxLength={4}
                  style={{ width: 110 }}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'Quantity']}
                rules={[{ required: true, message: t('booking.lines.needQuantity') }]}
                style={{ marginBottom: 8 }}
              >
                <InputNumber
                  aria-label={`${t('booking.lines.quantity')} ${i + 1}`}
                  placeholder={t('booking.lines.quantity')}
                  min={1}
                  max={9999}
                  precision={0}
                  style={{ width: 110 }}
                />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={`${t('booking.lines.remove')} ${i + 1}`}
                title={t('booking.lines.remove')}
                disabled={fields.length <= 1}
                onClick={() => remove(f.name)}
              />
              {used && (
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) => {
                    const n = used[String(getFieldValue(['lines', f.name, 'IsoSizetype']) ?? '')];
                    return n ? (
                      <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
                        {t('booking.lines.used', { count: n })}
                      </Typography.Text>
                    ) : null;
                  }}
                </Form.Item>
              )}
            </Flex>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ Quantity: 1 })}>
            {t('booking.lines.add')}
          </Button>
          <Form.ErrorList errors={errors} />
        </fieldset>
      )}
    </Form.List>
  );
}

/** The last day's picker (Form.Item hands it the value and onChange); no past day. */
const DayPicker = ({ label, ...props }: DatePickerProps & { label: string }) => (
  <DatePicker {...props} aria-label={label} format="DD/MM/YYYY" disabledDate={pastDay} style={{ width: '100%' }} />
);

interface IssueValues {
  TerminalCode: string;
  BookingNo: string;
  ShipperTaxCode?: string;
  ValidUntil: Dayjs;
  lines: LineInput[];
  Note?: string;
}

/** 'Phát hành booking': terminal, number, shipper, last day, sizes, note; a refusal stays in the dialog, the input kept. */
export function IssueBookingDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actions = useBookingActions();
  const terminals = useTerminalOptions(false);

  const submit = async (v: IssueValues) => {
    const reply = await actions.issue.mutateAsync({
      TerminalCode: v.TerminalCode,
      BookingNo: v.BookingNo.trim(),
      ShipperTaxCode: v.ShipperTaxCode?.trim() || null,
      ValidUntil: v.ValidUntil.format('YYYY-MM-DD'),
      lines: linesToSend(v.lines),
      Note: v.Note?.trim() || null,
    });
    void message.success(reply.message ?? bookingMessages.issued(v.BookingNo.trim()));
  };

  return (
    <FormDialog<IssueValues>
      open={open}
      title={t('booking.action.issue')}
      okText={t('booking.issue.submit')}
      loading={actions.issue.isPending}
      width={700}
      initialValues={{ TerminalCode: terminals.options[0]?.value, lines: [{ Quantity: 1 }] }}
      errorTestId="issue-error"
      onSubmit={submit}
      onClose={onClose}
    >
      <Flex gap={12} wrap>
        <Form.Item
          name="TerminalCode"
          label={t('listScreen.terminal')}
          rules={[{ required: true, message: t('booking.form.needTerminal') }]}
        >
          <Select aria-label={t('listScreen.terminal')} style={{ width: 120 }} loading={terminals.loading} options={terminals.options} />
        </Form.Item>
        <Form.Item
          name="BookingNo"
          label={t('booking.form.bookingNo')}
          rules={[{ required: true, whitespace: true, message: t('booking.form.needBookingNo') }]}
          normalize={(v: string) => v?.toUpperCase()}
          style={{ flex: '1 1 160px' }}
        >
          <Input aria-label={t('booking.form.bookingNo')} maxLength={50} />
        </Form.Item>
        <Form.Item name="ShipperTaxCode" label={t('booking.form.shipper')} style={{ flex: '1 1 140px' }}>
          <Input aria-label={t('booking.form.shipper')} maxLength={20} />
        </Form.Item>
        <Form.Item
          name="ValidUntil"
          label={t('booking.form.validUntil')}
          rules={[{ required: true, message: t('booking.form.needDay') }]}
          style={{ flex: '0 0 150px' }}
        >
          <DayPicker label={t('booking.form.validUntil')} />
        </Form.Item>
      </Flex>
      <LinesEditor />
      <Form.Item name="Note" label={t('booking.form.note')}>
        <Input.TextArea aria-label={t('booking.form.note')} rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

interface AmendValues {
  ValidUntil: Dayjs;
  lines: LineInput[];
  Reason: string;
}

/** 'Sửa': a new last day and/or quantities (prefilled from the row), with a reason (booking/amend). */
export function AmendBookingDialog({ row, onClose }: { row: BookingRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actions = useBookingActions();

  const submit = async (v: AmendValues) => {
    if (!row) return;
    const change = amendChange(row, { ValidUntil: v.ValidUntil.format('YYYY-MM-DD'), lines: v.lines });
    if (!change) throw new Error(t('booking.amend.noChange'));
    const reply = await actions.amend.mutateAsync({ BookingNo: row.BookingNo, ...change, Reason: v.Reason.trim() });
    void message.success(reply.message ?? bookingMessages.amended(row.BookingNo));
  };

  return (
    <FormDialog<AmendValues>
      open={!!row}
      title={t('booking.amend.title', { no: row?.BookingNo ?? '' })}
      okText={t('booking.amend.submit')}
      loading={actions.amend.isPending}
      width={560}
      initialValues={
        row
          ? { ValidUntil: dayjs(row.ValidUntil), lines: row.lines.map((l) => ({ IsoSizetype: l.IsoSizetype, Quantity: l.Quantity })) }
          : {}
      }
      errorTestId="amend-error"
      onSubmit={submit}
      onClose={onClose}
    >
      {row && (
        <>
          <Typography.Paragraph type="secondary">
            {t('booking.col.terminal')}: <b>{row.TerminalCode}</b>
            {row.ShipperTaxCode && (
              <>
                {' '}
                — {t('booking.col.shipper')}: <b>{row.ShipperTaxCode}</b>
              </>
            )}
          </Typography.Paragraph>
          <Form.Item
            name="ValidUntil"
            label={t('booking.form.validUntil')}
            rules={[{ required: true, message: t('booking.form.needDay') }]}
            style={{ maxWidth: 180 }}
          >
            <DayPicker label={t('booking.form.validUntil')} />
          </Form.Item>
          <LinesEditor used={Object.fromEntries(row.lines.map((l) => [l.IsoSizetype, usedOf(l)]))} />
          <ReasonField />
        </>
      )}
    </FormDialog>
  );
}

/** 'Hủy': a reason (booking/cancel); a booking that orders use is refused by the server, its message shown. */
export function CancelBookingDialog({ row, onClose }: { row: BookingRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actions = useBookingActions();
  return (
    <ReasonDialog
      open={!!row}
      title={t('booking.cancel.title', { no: row?.BookingNo ?? '' })}
      okText={t('booking.cancel.submit')}
      loading={actions.cancel.isPending}
      onClose={onClose}
      onSubmit={async (reason) => {
        if (!row) return;
        const reply = await actions.cancel.mutateAsync({ BookingNo: row.BookingNo, Reason: reason });
        void message.success(reply.message ?? bookingMessages.cancelled(row.BookingNo));
      }}
    >
      <Typography.Paragraph>{t('booking.cancel.confirm')}</Typography.Paragraph>
    </ReasonDialog>
  );
}
