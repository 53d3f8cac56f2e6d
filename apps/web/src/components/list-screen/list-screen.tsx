import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import type { GridColumn } from '@smartport/contract';
import { Alert, App, Button, Form, Input, Modal, Select, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useTerminals } from '../../lib/session-queries';
import { siteName } from '../../lib/site-title';

// Pieces of the list screens of a module's own records (the line's eDOs, its bookings, its containers and orders):
// the page title, the filter row, the validity tag, the form dialog that keeps a refusal, the reason dialog, 'Xuất Excel',
// the server's message of a failure.

/** What the user reads of a failure: the server's message as it came. */
export const errorText = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err));

/** The page's title in the browser tab, as the menu names it. */
export function usePageTitle(title: string) {
  useEffect(() => {
    // After the frame's own title (ViewOutlet sets the menu entry's before any page effect).
    const id = setTimeout(() => {
      document.title = `${title} - ${siteName()}`;
    });
    return () => clearTimeout(id);
  }, [title]);
}

/** A record valid until a day: 'A' active, 'E' expired, 'R' revoked or cancelled (the name is the contract's). */
type Validity = 'A' | 'E' | 'R';
const validityColors: Record<Validity, string> = { A: 'green', E: 'orange', R: 'red' };
export const ValidityTag = ({ status, name }: { status: Validity; name: string }) => <Tag color={validityColors[status]}>{name}</Tag>;

/** The terminal choices: 'Tất cả' (every terminal of the user) and each of the user's terminals. */
export function useTerminalOptions(withAll: boolean) {
  const { t } = useTranslation();
  const terminals = useTerminals();
  const options = (terminals.data ?? []).map((x) => ({ value: x.TerminalCode, label: x.TerminalCode }));
  return { loading: terminals.isLoading, options: withAll ? [{ value: '', label: t('listScreen.all') }, ...options] : options };
}

/** A list's filter: terminal (all of the user's when absent), a status ('*' every one) when the list has them, a search text. */
export interface ListFilter<S extends string = never> {
  TerminalCode?: string;
  Status?: S | '*';
  FindValue?: string;
}

interface FilterValues {
  TerminalCode: string;
  Status: string;
  FindValue: string;
}

/**
 * The filter row: 'Cảng', 'Trạng thái' (when `statuses` are given: 'Tất cả' and each), 'Tìm', 'Nạp dữ liệu'. The same
 * filter again reloads the list (`onReload`); another one is handed to `onChange`.
 */
export function ListFilterForm<F extends ListFilter<string>>(props: {
  filter: F;
  statuses?: readonly { value: string; label: string }[];
  placeholder: string;
  /** The search box's width, so that its placeholder shows whole. */
  searchWidth: number;
  loading: boolean;
  onChange(filter: NoInfer<F>): void;
  onReload(): void;
}) {
  const { t } = useTranslation();
  const terminals = useTerminalOptions(true);
  const [form] = Form.useForm<FilterValues>();
  const load = (v: FilterValues) => {
    const next = {
      ...(props.statuses ? { Status: v.Status || '*' } : {}),
      ...(v.TerminalCode ? { TerminalCode: v.TerminalCode } : {}),
      ...(v.FindValue?.trim() ? { FindValue: v.FindValue.trim() } : {}),
    } as F;
    if (JSON.stringify(next) === JSON.stringify(props.filter)) props.onReload();
    else props.onChange(next);
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ TerminalCode: '', Status: '*', FindValue: '' }}
      onFinish={load}
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      <Form.Item name="TerminalCode" label={t('listScreen.terminal')}>
        <Select aria-label={t('listScreen.terminal')} style={{ width: 120 }} loading={terminals.loading} options={terminals.options} />
      </Form.Item>
      {props.statuses && (
        <Form.Item name="Status" label={t('listScreen.status')}>
          <Select
            aria-label={t('listScreen.status')}
            style={{ width: 140 }}
            options={[{ value: '*', label: t('listScreen.all') }, ...props.statuses]}
          />
        </Form.Item>
      )}
      <Form.Item name="FindValue" label={t('listScreen.find')}>
        <Input aria-label={props.placeholder} placeholder={props.placeholder} allowClear style={{ width: props.searchWidth }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={props.loading}>
          {t('listScreen.load')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The reason field's rules: required, at most 500 characters (the calls' own limits). */
function useReasonRules() {
  const { t } = useTranslation();
  return [
    { required: true, whitespace: true, message: t('listScreen.noReason') },
    { max: 500, message: t('listScreen.reasonMax') },
  ];
}

/** The reason field ('Lý do'), a text area with its count. */
export function ReasonField() {
  const { t } = useTranslation();
  const rules = useReasonRules();
  return (
    <Form.Item name="Reason" label={t('listScreen.reason')} rules={rules}>
      <Input.TextArea aria-label={t('listScreen.reason')} rows={3} maxLength={500} showCount />
    </Form.Item>
  );
}

/**
 * A dialog around a vertical form: the button submits it, `onSubmit` gets the values; what it throws (the server's
 * refusal, as it came) stays in the dialog above the buttons, the input kept. Closing resets the form.
 */
export function FormDialog<V extends object>(props: {
  open: boolean;
  title: string;
  okText: string;
  loading: boolean;
  danger?: boolean;
  width?: number;
  initialValues?: Partial<V>;
  /** The refusal's test id (e2e). */
  errorTestId?: string;
  children: ReactNode;
  onSubmit(values: V): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: V) => {
    setError(null);
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('listScreen.dismiss')}
      okButtonProps={{ danger: props.danger, loading: props.loading }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      width={props.width}
      destroyOnHidden
    >
      <Form<V> form={form} layout="vertical" initialValues={props.initialValues} onFinish={(v) => void submit(v)}>
        {props.children}
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" data-testid={props.errorTestId} />}
    </Modal>
  );
}

/** A dialog that asks why (revoke, cancel): what it does (`children`), the reason ('Lý do'), the button (danger). */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  okText: string;
  loading: boolean;
  children?: ReactNode;
  /** Gets the trimmed reason; a refusal it throws stays in the dialog. */
  onSubmit(reason: string): Promise<void>;
  onClose(): void;
}) {
  const { onSubmit, children, ...dialog } = props;
  return (
    <FormDialog<{ Reason: string }> {...dialog} danger onSubmit={(v) => onSubmit(v.Reason.trim())}>
      {children}
      <ReasonField />
    </FormDialog>
  );
}

/**
 * 'Xuất Excel' of a list: the rows as listed, in a workbook named by the page; a failure is a message. A list paged by
 * the server gives `loadRows` instead, which asks the server for every row its filter matches when the button is pressed.
 */
export function ListExportButton(
  props: { title: string; columns: readonly GridColumn[] } & (
    | { rows: Record<string, unknown>[] }
    | { loadRows: () => Promise<Record<string, unknown>[]>; disabled?: boolean }
  ),
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const exportList = async () => {
    setLoading(true);
    try {
      const rows = 'rows' in props ? props.rows : await props.loadRows();
      const { downloadGridWorkbook } = await import('../data-grid/grid-excel');
      await downloadGridWorkbook(props.title, props.columns, rows);
    } catch (e) {
      void message.error(t('listScreen.exportFailed', { message: errorText(e) }));
    } finally {
      setLoading(false);
    }
  };
  const disabled = 'rows' in props ? !props.rows.length : !!props.disabled;
  return (
    <Button icon={<FileExcelOutlined />} disabled={disabled} loading={loading} onClick={() => void exportList()}>
      {t('listScreen.export')}
    </Button>
  );
}
