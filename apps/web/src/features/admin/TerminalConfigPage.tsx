import ApiOutlined from '@ant-design/icons/ApiOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import {
  firstMissing,
  terminalConfigMessages as msg,
  SECRET_MASK,
  type TerminalConfigPayload,
  terminalConfigForm,
  terminalFlagNames,
} from '@smartport/contract';
import { App, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Switch, Tag, Typography } from 'antd';
import { type FocusEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { useMe, useTerminals } from '../../lib/session-queries';
import { type TerminalConfigSave, useSaveTerminalConfig, useTerminalConfig, useTestSendMail, useTosTestLogin } from './api';

interface TosBlock {
  host?: string;
  port?: number | null;
  user?: string;
  pass?: string;
}

interface Values {
  AutoActiveUser: boolean;
  ImportPickupAllCont: boolean;
  DepotSelect: boolean;
  HolydaySelect: boolean;
  RequireTotp: boolean;
  host?: string;
  port?: number | null;
  tls: 0 | 1;
  user?: string;
  pass?: string;
  testTo?: string;
  apilist: TosBlock[];
}

const labelOf = (name: string) => terminalConfigForm.form.find((f) => f.name === name)?.label ?? name;

function toValues(p: TerminalConfigPayload): Values {
  return {
    ...p.TerminalConfig,
    host: p.MailConfig.host,
    port: p.MailConfig.port,
    tls: p.MailConfig.tls.rejectUnauthorized ? 1 : 0,
    user: p.MailConfig.auth.user,
    pass: p.MailConfig.auth.pass,
    apilist: p.ApiConfig.map((c) => ({ host: c.host, port: c.port, user: c.user, pass: c.pass })),
  };
}

/** Typing into a password still holding the mask replaces it instead of appending to it. */
const selectMask = (e: FocusEvent<HTMLInputElement>) => e.currentTarget.value === SECRET_MASK && e.currentTarget.select();

/**
 * 'Cấu hình cảng' (spec 03 §2.5, /SystemManager/terminal_config), one terminal at a time: the
 * general switches, the terminal's mail server with 'Test mail', its TOS connection blocks
 * (Test connection, Delete, the one in use marked 'đang sử dụng'), 'Add TOS ip' and 'Lưu'.
 */
export default function TerminalConfigPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const me = useMe();
  const terminals = useTerminals().data ?? [];
  // The shell's current terminal first (the user's first when none is chosen); the page's select picks another.
  const [terminal, setTerminal] = useState<string | null>(session.terminal() || null);
  const stored = useTerminalConfig(terminal);
  const save = useSaveTerminalConfig();
  const testMail = useTestSendMail();
  const tosTest = useTosTestLogin();
  const [form] = Form.useForm<Values>();
  const [current, setCurrent] = useState(0);
  const [testing, setTesting] = useState<number | null>(null);
  const shownTerminal = terminal ?? stored.data?.TerminalCode ?? null;

  useEffect(() => {
    if (!stored.data) return;
    form.resetFields();
    form.setFieldsValue({ ...toValues(stored.data), testTo: me.data?.Email ?? '' });
    setCurrent(stored.data.CurrentApi);
  }, [stored.data, form, me.data?.Email]);

  useEffect(() => {
    if (stored.error) void message.error(stored.error.message || msg.saveFailed);
  }, [stored.error, message]);

  /** Host, port, user, password in the spec's order (Save and Test mail): the first missing one's message, shown at its field. */
  const mailValues = (): Values | null => {
    const values = form.getFieldsValue(true) as Values;
    const missing = firstMissing(terminalConfigForm, values as unknown as Record<string, unknown>);
    if (!missing) return values;
    form.setFields([{ name: missing.field as keyof Values, errors: [missing.message] }]);
    form.focusField(missing.field as keyof Values);
    void message.error(missing.message);
    return null;
  };

  const body = (v: Values): TerminalConfigSave => ({
    ...(shownTerminal ? { TerminalCode: shownTerminal } : {}),
    ...Object.fromEntries(terminalFlagNames.map((f) => [f, v[f] ? 1 : 0])),
    host: v.host ?? '',
    port: v.port ?? undefined,
    user: v.user ?? '',
    pass: v.pass ?? '',
    tls: v.tls,
    apilist: (v.apilist ?? []).map((c) => ({ host: c.host ?? '', port: c.port ?? '', user: c.user ?? '', pass: c.pass ?? '' })),
    CurrentApi: current,
  });

  const onSave = () => {
    const v = mailValues();
    if (!v) return;
    const problem = terminalConfigForm.check(body(v));
    if (problem) return void message.error(problem);
    modal.confirm({
      title: t('settingsForm.confirmSave'),
      okText: t('settingsForm.ok'),
      cancelText: t('settingsForm.cancel'),
      onOk: () =>
        save.mutateAsync(body(v)).then(
          () => void message.success(t('settingsForm.saved')),
          // Spec 03 §8: a failed save reads 'Lỗi', whatever the server said (the required fields were checked above).
          () => void message.error(msg.saveFailed),
        ),
    });
  };

  const onTestMail = () => {
    const v = mailValues();
    if (!v) return;
    testMail
      .mutateAsync({
        ...(shownTerminal ? { TerminalCode: shownTerminal } : {}),
        host: v.host ?? '',
        port: v.port ?? undefined,
        user: v.user ?? '',
        pass: v.pass ?? '',
        tls: v.tls,
        ...(v.testTo ? { to: v.testTo } : {}),
        subject: `SmartPort - Test mail ${shownTerminal ?? ''}`.trim(),
        html: `<p>Test mail - ${terminalConfigForm.title} ${shownTerminal ?? ''}</p>`,
      })
      .then(
        (r) => void (r.success ? message.success(r.message ?? msg.mailSent) : message.error(r.message ?? msg.mailFailed(''))),
        (e: unknown) => void message.error(e instanceof ApiError && e.message ? e.message : msg.mailFailed(String((e as Error).message))),
      );
  };

  const onTestTos = (index: number) => {
    const c = (form.getFieldValue(['apilist', index]) ?? {}) as TosBlock;
    const missing = firstMissing(terminalConfigForm, c as Record<string, unknown>);
    if (missing) return void message.error(missing.message);
    setTesting(index);
    tosTest
      .mutateAsync({
        ...(shownTerminal ? { TerminalCode: shownTerminal } : {}),
        host: c.host ?? '',
        port: c.port ?? undefined,
        user: c.user ?? '',
        pass: c.pass ?? '',
      })
      .then(
        (r) => void (r.success ? message.success(r.message ?? msg.tosOk) : message.error(r.message ?? msg.tosFailed(''))),
        (e: unknown) => void message.error(e instanceof ApiError && e.message ? e.message : msg.tosFailed(String((e as Error).message))),
      )
      .finally(() => setTesting(null));
  };

  const busy = stored.isPending || save.isPending;

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {terminalConfigForm.title}
        </Typography.Title>
      }
      extra={
        terminals.length > 1 ? (
          <Select
            aria-label="Cảng"
            data-testid="terminal-config-terminal"
            style={{ minWidth: 140 }}
            value={shownTerminal}
            onChange={(v: string) => setTerminal(v)}
            options={terminals.map((x) => ({ value: x.TerminalCode, label: `${x.TerminalCode} - ${x.TerminalName}` }))}
            showSearch
            optionFilterProp="label"
          />
        ) : null
      }
      size="small"
      styles={{ body: { padding: 16 } }}
      data-testid="terminal-config"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={busy}
        onValuesChange={(changed: Partial<Values>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))
        }
      >
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={10}>
            <Typography.Title level={5}>Cấu hình chung</Typography.Title>
            {terminalFlagNames.map((f) => (
              <Flex key={f} align="center" gap={12} style={{ marginBottom: 12 }}>
                <Form.Item name={f} valuePropName="checked" noStyle>
                  <Switch id={`tc-${f}`} />
                </Form.Item>
                <label htmlFor={`tc-${f}`}>{labelOf(f)}</label>
              </Flex>
            ))}
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              Cấu hình mail
            </Typography.Title>
            <Row gutter={12} data-testid="terminal-mail">
              <Col span={16}>
                <Form.Item name="host" label={labelOf('host')} required>
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="port" label={labelOf('port')} required>
                  <InputNumber controls={false} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="user" label={labelOf('user')} required>
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="pass" label={labelOf('pass')} required>
                  <Input.Password autoComplete="new-password" onFocus={selectMask} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="tls" label="TLS">
                  <Select
                    options={[
                      { value: 0, label: 'Không' },
                      { value: 1, label: 'Có' },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item name="testTo" label="Mail nhận thử">
                  <Input autoComplete="off" type="email" />
                </Form.Item>
              </Col>
            </Row>
            <Button icon={<MailOutlined />} onClick={onTestMail} loading={testMail.isPending} disabled={busy}>
              Test mail
            </Button>
          </Col>
          <Col xs={24} lg={14}>
            <Typography.Title level={5}>Kết nối TOS</Typography.Title>
            <Form.List name="apilist">
              {(fields, { add, remove }) => (
                <Flex vertical gap={12}>
                  {fields.map((field, index) => (
                    <Card
                      key={field.key}
                      size="small"
                      data-testid={`tos-block-${index}`}
                      title={
                        <Flex align="center" gap={8} wrap>
                          <span>TOS {index + 1}</span>
                          {index === current ? <Tag color="green">{msg.inUse}</Tag> : null}
                        </Flex>
                      }
                      extra={
                        index === current ? null : (
                          <Button size="small" type="link" onClick={() => setCurrent(index)} disabled={busy}>
                            Sử dụng
                          </Button>
                        )
                      }
                      styles={{ body: { paddingBottom: 0 } }}
                    >
                      <Row gutter={12}>
                        <Col xs={24} sm={16}>
                          <Form.Item name={[field.name, 'host']} label="Host" required>
                            <Input autoComplete="off" />
                          </Form.Item>
                        </Col>
                        <Col xs={24} sm={8}>
                          <Form.Item name={[field.name, 'port']} label="Port" required>
                            <InputNumber controls={false} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} sm={12}>
                          <Form.Item name={[field.name, 'user']} label="Tên đăng nhập" required>
                            <Input autoComplete="off" />
                          </Form.Item>
                        </Col>
                        <Col xs={24} sm={12}>
                          <Form.Item name={[field.name, 'pass']} label="Mật khẩu" required>
                            <Input.Password autoComplete="new-password" onFocus={selectMask} />
                          </Form.Item>
                        </Col>
                      </Row>
                      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
                        <Button icon={<ApiOutlined />} onClick={() => onTestTos(index)} loading={testing === index} disabled={busy}>
                          Test connection
                        </Button>
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          disabled={busy}
                          onClick={() => {
                            remove(field.name);
                            // The one in use keeps being the same connection; deleting it makes the first one in use.
                            setCurrent((c) => (index < c ? c - 1 : index === c ? 0 : c));
                          }}
                        >
                          Xóa
                        </Button>
                      </Flex>
                    </Card>
                  ))}
                  <div>
                    <Button icon={<PlusOutlined />} onClick={() => add({ host: '', port: null, user: '', pass: '' })} disabled={busy}>
                      Add TOS ip
                    </Button>
                  </div>
                </Flex>
              )}
            </Form.List>
          </Col>
        </Row>
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" icon={<SaveOutlined />} onClick={onSave} loading={save.isPending} disabled={busy}>
            {t('settingsForm.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
