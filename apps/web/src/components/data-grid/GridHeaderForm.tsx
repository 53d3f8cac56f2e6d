import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { GridColumn } from '@smartport/contract';
import { Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { GridValues } from './grid-rows';

type FormValues = Record<string, unknown>;

const toForm = (columns: readonly GridColumn[], values: GridValues): FormValues =>
  Object.fromEntries(
    columns.map((c) => [c.field, c.type === 'datetime' && values[c.field] ? dayjs(String(values[c.field])) : values[c.field]]),
  );
const fromForm = (columns: readonly GridColumn[], values: FormValues): GridValues =>
  Object.fromEntries(
    columns.map((c) => [c.field, c.type === 'datetime' && values[c.field] ? (values[c.field] as Dayjs).toISOString() : values[c.field]]),
  );

/** Form.Item hands its control's value, onChange and id (the label's target): passed on to the input. */
function HeaderInput({ column, ...control }: { column: GridColumn } & Record<string, unknown>) {
  switch (column.type) {
    case 'enum':
      return (
        <Select
          {...control}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: column.width ?? 180 }}
          options={(column.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
        />
      );
    case 'number':
      return <InputNumber {...control} style={{ width: 140 }} />;
    case 'datetime':
      return <DatePicker {...control} showTime format="DD/MM/YYYY HH:mm:ss" />;
    case 'bool':
      return <Checkbox {...control} />;
    default:
      return <Input {...control} allowClear style={{ width: column.width ?? 180 }} />;
  }
}

/**
 * The entry's header above its grid (the operator of a size-type list, a rule's template…): the rows listed are those
 * of the values applied with 'Nạp dữ liệu', and every saved row gets them.
 */
export function GridHeaderForm({
  columns,
  initial,
  loading,
  onApply,
}: {
  columns: readonly GridColumn[];
  initial: GridValues;
  loading: boolean;
  onApply: (values: GridValues) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Form
        layout="inline"
        initialValues={toForm(columns, initial)}
        onFinish={(v: FormValues) => onApply(fromForm(columns, v))}
        style={{ rowGap: 8 }}
      >
        {columns
          .filter((c) => !c.hidden)
          .map((c) => (
            <Form.Item key={c.field} name={c.field} label={c.title} valuePropName={c.type === 'bool' ? 'checked' : 'value'}>
              <HeaderInput column={c} />
            </Form.Item>
          ))}
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
            {t('grid.headerLoad')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
