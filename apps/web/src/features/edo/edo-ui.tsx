import { type EdoStatus, orderStatusNames } from '@smartport/contract';
import { Button, Form, Input, Select, Tag } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useTerminals } from '../../lib/session-queries';
import { siteName } from '../../lib/site-title';

// Pieces the three screens of the line share.

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

const edoStatusColors: Record<EdoStatus, string> = { A: 'green', E: 'orange', R: 'red' };
export const EdoStatusTag = ({ status, name }: { status: EdoStatus; name: string }) => <Tag color={edoStatusColors[status]}>{name}</Tag>;

const orderStatusColors: Record<string, string> = { A: 'default', P: 'gold', C: 'green', D: 'red' };
export const OrderStatusTag = ({ status, name }: { status: string; name?: string | null }) => (
  <Tag color={orderStatusColors[status] ?? 'default'}>{name ?? orderStatusNames[status as 'A'] ?? status}</Tag>
);

/** The terminal choices: 'Tất cả' (every terminal of the user) and each of the user's terminals. */
export function useTerminalOptions(withAll: boolean) {
  const { t } = useTranslation();
  const terminals = useTerminals();
  const options = (terminals.data ?? []).map((x) => ({ value: x.TerminalCode, label: x.TerminalCode }));
  return { loading: terminals.isLoading, options: withAll ? [{ value: '', label: t('edo.filter.all') }, ...options] : options };
}

export interface LineFilterValues {
  TerminalCode: string;
  FindValue: string;
}

/** The filter row of 'Container của hãng' and 'Lệnh theo eDO': terminal, a search text, 'Nạp dữ liệu'. */
export function LineFilterForm(props: {
  form: FormInstance<LineFilterValues>;
  placeholder: string;
  /** The search box's width, so that its placeholder shows whole. */
  searchWidth: number;
  loading: boolean;
  onLoad(values: { TerminalCode?: string; FindValue?: string }): void;
}) {
  const { t } = useTranslation();
  const terminals = useTerminalOptions(true);
  return (
    <Form
      form={props.form}
      layout="inline"
      initialValues={{ TerminalCode: '', FindValue: '' }}
      onFinish={(v) =>
        props.onLoad({
          ...(v.TerminalCode ? { TerminalCode: v.TerminalCode } : {}),
          ...(v.FindValue?.trim() ? { FindValue: v.FindValue.trim() } : {}),
        })
      }
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      <Form.Item name="TerminalCode" label={t('edo.filter.terminal')}>
        <Select aria-label={t('edo.filter.terminal')} style={{ width: 120 }} loading={terminals.loading} options={terminals.options} />
      </Form.Item>
      <Form.Item name="FindValue" label={t('edo.filter.find')}>
        <Input aria-label={props.placeholder} placeholder={props.placeholder} allowClear style={{ width: props.searchWidth }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={props.loading}>
          {t('edo.filter.load')}
        </Button>
      </Form.Item>
    </Form>
  );
}
