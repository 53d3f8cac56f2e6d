import SaveOutlined from '@ant-design/icons/SaveOutlined';
import type { SettingsField, SettingsForm as SettingsFormDef } from '@smartport/contract';
import { App, Button, Card, DatePicker, Flex, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { type FormValues, isMasked, missingField } from './settings-form-values';
import { useSaveSettings, useSettingsValues } from './use-settings-form';

/** Spec 03 §9: configuration date-times as YYYY-MM-DD HH:mm:ss. */
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export interface SettingsFormProps {
  form: SettingsFormDef;
  /**
   * More buttons beside 'Lưu' (report mail's send-now, the terminal config's Test mail): `check`
   * runs the same required checks and gives the values, or null after showing the missing field's message.
   */
  extraActions?: (check: () => FormValues | null) => ReactNode;
}

/** A refused save names its reason (a required field, a bad value); anything else is the spec's 'Lỗi' (spec 03 §8). */
function failureText(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message) return e.message;
  return fallback;
}

/**
 * A typed number the form's own schema refuses (loyalty: a negative or fractional count), with the schema's Vietnamese
 * message, the one the server would answer; blank is the required check's business.
 */
function numberProblem(def: SettingsFormDef, name: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (def.form.find((f) => f.name === name)?.kind !== 'number') return null;
  const schema = (
    def.values.shape as Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }>
  )[name];
  const r = schema?.safeParse(value);
  return r && !r.success ? (r.error?.issues[0]?.message ?? null) : null;
}

/** Form.Item hands its control value, onChange, id (the label's target) and status: passed on to the input. */
type ControlProps = Record<string, unknown>;

function FieldInput({ field, ...control }: { field: SettingsField } & ControlProps) {
  switch (field.kind) {
    case 'number':
      return <InputNumber {...control} style={{ width: '100%' }} controls={false} />;
    case 'password':
      return (
        <Input.Password
          {...control}
          autoComplete="new-password"
          // Typing into a field still holding the mask replaces it instead of appending to it.
          onFocus={(e) => isMasked(e.currentTarget.value) && e.currentTarget.select()}
        />
      );
    case 'select':
      return <Select {...control} options={field.options?.map((o) => ({ value: o.value, label: o.label }))} />;
    case 'switch':
      return <Switch {...control} />;
    case 'textarea':
      return <Input.TextArea {...control} autoSize={{ minRows: 4, maxRows: 20 }} />;
    case 'datetime':
      return (
        <DatePicker
          {...control}
          showTime
          format={DATE_TIME}
          style={{ width: '100%' }}
          // Enter takes the typed date-time (the picker's own handling) and does not submit the form as well.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      );
    default:
      return <Input {...control} autoComplete="off" />;
  }
}

/**
 * One settings form (spec 03 §2.4, §2.5) rendered from its contract entry: the stored values
 * (secrets masked), the fields in the declared order, 'Lưu' checking the required fields in the
 * spec's order with the spec's messages, asking 'Lưu lại ?' when the form says so, then saving.
 */
export function SettingsForm({ form: def, extraActions }: SettingsFormProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const stored = useSettingsValues(def);
  const save = useSaveSettings(def);
  const required = new Set(def.required.map((r) => r.field));

  useEffect(() => {
    if (!stored.data) return;
    form.resetFields();
    form.setFieldsValue(stored.data);
  }, [stored.data, form]);

  useEffect(() => {
    // Spec 03 §8: a load failure shows the server's message, else the error's.
    if (stored.error) void message.error(stored.error.message || t('settingsForm.failed'));
  }, [stored.error, message, t]);

  const check = (): FormValues | null => {
    const values = form.getFieldsValue(true) as FormValues;
    const bad = def.form.map((f) => ({ field: f.name, message: numberProblem(def, f.name, values[f.name]) })).find((p) => p.message);
    if (bad?.message) {
      form.setFields([{ name: bad.field, errors: [bad.message] }]);
      form.focusField(bad.field);
      void message.error(bad.message);
      return null;
    }
    const missing = missingField(def, values);
    if (!missing) {
      // The form's own rule over several fields (loyalty: Gold ≥ Silver ≥ Bronze), the same the server checks.
      const rule = def.check(values);
      if (!rule) return values;
      void message.error(rule);
      return null;
    }
    form.setFields([{ name: missing.field, errors: [missing.message] }]);
    form.focusField(missing.field);
    void message.error(missing.message);
    return null;
  };

  const onSave = () => {
    const values = check();
    if (!values) return;
    const run = () =>
      save.mutateAsync(values).then(
        () => void message.success(t('settingsForm.saved')),
        (e: unknown) => void message.error(failureText(e, t('settingsForm.failed'))),
      );
    if (!def.confirmSave) return void run();
    modal.confirm({ title: t('settingsForm.confirmSave'), okText: t('settingsForm.ok'), cancelText: t('settingsForm.cancel'), onOk: run });
  };

  const storedSecret = (name: string) => isMasked(stored.data?.[name]);

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {def.title}
        </Typography.Title>
      }
      size="small"
      styles={{ body: { padding: 16 } }}
      data-testid={`settings-form-${def.name}`}
    >
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '150px' }}
        labelAlign="left"
        labelWrap
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 640 }}
        disabled={stored.isPending || save.isPending}
        // A field's message goes once its value changes (a number the schema refuses says why at once); 'Lưu' checks again.
        onValuesChange={(changed: FormValues) =>
          form.setFields(
            Object.entries(changed).map(([name, v]) => {
              const problem = numberProblem(def, name, v);
              return { name, errors: problem ? [problem] : [] };
            }),
          )
        }
        onFinish={onSave}
      >
        {def.form.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            required={required.has(field.name)}
            {...(field.kind === 'switch' ? { valuePropName: 'checked' } : {})}
            {...(field.kind === 'datetime'
              ? {
                  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v, DATE_TIME) : null }),
                  normalize: (d: Dayjs | null) => (d ? d.format(DATE_TIME) : null),
                }
              : {})}
            {...(field.kind === 'password' && storedSecret(field.name) ? { extra: t('settingsForm.secretKept') } : {})}
          >
            <FieldInput field={field} />
          </Form.Item>
        ))}
        <Form.Item label={null} colon={false} style={{ marginBottom: 0 }}>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
              {t('settingsForm.save')}
            </Button>
            {extraActions?.(check)}
          </Flex>
        </Form.Item>
      </Form>
    </Card>
  );
}
