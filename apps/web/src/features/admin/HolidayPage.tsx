import { type HolidayTemplate, holidayGrid, holidayHeader, holidayMessages } from '@smartport/contract';
import { App, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { GridCard } from '../../components/data-grid/GridCard';
import { useGrid } from '../../components/data-grid/use-grid';
import { useReportError } from '../../lib/report-error';
import { session } from '../../lib/session';
import { useCustomers, useHolidayTemplates, useOperators } from './api';

/** The template to choose again after the page reloads following a save (spec 03 §8: reload after 2 s). */
const CHOSEN_KEY = 'smartport.holiday.template';
const NEW = '';
const ALL = '*';

interface Header {
  TerminalCode: string;
  ConfigName: string;
  OperationCode: string;
  CustomerCode: string;
}

function HolidayEditor({ template, terminal }: { template: HolidayTemplate | null; terminal: string }) {
  const operators = useOperators();
  const customers = useCustomers();
  const [header, setHeader] = useState<Header>(() => ({
    TerminalCode: template?.TerminalCode ?? terminal,
    ConfigName: template?.ConfigName ?? '',
    OperationCode: template?.OperationCode ?? ALL,
    CustomerCode: template?.CustomerCode ?? ALL,
  }));
  const model = useGrid(holidayGrid, {
    // A new configuration has no periods yet: nothing is listed.
    filter: template ? { Name: template.ConfigName, TerminalCode: template.TerminalCode } : null,
    header: header as unknown as Record<string, unknown>,
    headerInList: false,
    // Spec 03 §8: a failed holiday save shows the server's message, titled 'Lỗi'.
    saveFailedTitle: holidayMessages.saveFailed,
    afterSave: () => {
      sessionStorage.setItem(CHOSEN_KEY, `${header.TerminalCode}/${header.ConfigName}`);
      setTimeout(() => window.location.reload(), 2000);
    },
  });
  const tooLong = holidayHeader.shape.ConfigName.safeParse(header.ConfigName);
  /** A header change applies to every period: all rows are sent on the next save. */
  const change = (patch: Partial<Header>) => {
    setHeader((h) => ({ ...h, ...patch }));
    model.actions.markAllEdited();
  };
  const operatorOptions = useMemo(
    () => [
      { value: ALL, label: '* (Tất cả)' },
      ...(operators.data ?? []).map((o) => ({ value: String(o.OperationCode), label: `${o.OperationCode} – ${o.OperationName}` })),
    ],
    [operators.data],
  );
  const customerOptions = useMemo(
    () => [
      { value: ALL, label: '* (Tất cả)' },
      ...(customers.data ?? []).map((c) => ({ value: String(c.CustomerCode), label: `${c.CustomerCode} – ${c.CustomerName}` })),
    ],
    [customers.data],
  );
  return (
    <Flex gap={12} wrap align="flex-start">
      <Card size="small" title="Thông tin cấu hình" style={{ flex: '1 1 260px', maxWidth: 340 }}>
        <Form layout="vertical" size="middle">
          <Form.Item
            label="Nội dung"
            validateStatus={header.ConfigName && !tooLong.success ? 'error' : undefined}
            help={header.ConfigName && !tooLong.success ? tooLong.error.issues[0]?.message : undefined}
          >
            <Input.TextArea
              aria-label="Nội dung"
              autoSize={{ minRows: 2, maxRows: 5 }}
              showCount
              value={header.ConfigName}
              onChange={(e) => change({ ConfigName: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Hãng khai thác">
            <Select
              aria-label="Hãng khai thác"
              showSearch={{ optionFilterProp: 'label' }}
              options={operatorOptions}
              loading={operators.isLoading}
              value={header.OperationCode}
              onChange={(v: string) => change({ OperationCode: v })}
            />
          </Form.Item>
          <Form.Item label="Khách hàng">
            <Select
              aria-label="Khách hàng"
              showSearch={{ optionFilterProp: 'label' }}
              options={customerOptions}
              loading={customers.isLoading}
              value={header.CustomerCode}
              onChange={(v: string) => change({ CustomerCode: v })}
            />
          </Form.Item>
        </Form>
      </Card>
      <div style={{ flex: '3 1 480px', minWidth: 0 }}>
        <GridCard model={model} headingLevel={5} />
      </div>
    </Flex>
  );
}

/**
 * 'Cấu hình miễn lưu bãi ngày lễ' (spec 03 §2.5): the template dropdown, then the configuration (content, operator,
 * customer; * = all) at the left and its exemption periods at the right. A save reloads the page 2 s later.
 */
export default function HolidayPage() {
  const { message } = App.useApp();
  const templates = useHolidayTemplates();
  const terminal = session.terminal() ?? session.terminals()[0] ?? '';
  // Read on every mount and forgotten only once the templates are there: the page may be mounted again while the
  // signed-in frame settles after the reload (a read-and-remove at the first mount lost the choice; flaky e2e).
  const [chosen, setChosen] = useState<string>(() => sessionStorage.getItem(CHOSEN_KEY) ?? NEW);
  useEffect(() => {
    if (templates.data) sessionStorage.removeItem(CHOSEN_KEY);
  }, [templates.data]);
  const list = templates.data ?? [];
  const template = list.find((t) => t.HCODE === chosen) ?? null;
  useReportError(templates.error, (e) => void message.error(e.message));
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {holidayGrid.title}
      </Typography.Title>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>Mẫu cấu hình</Typography.Text>
        <Select
          aria-label="Mẫu cấu hình"
          style={{ minWidth: 280, maxWidth: '100%' }}
          loading={templates.isLoading}
          value={template ? chosen : NEW}
          onChange={setChosen}
          options={[
            { value: NEW, label: '(Cấu hình mới)' },
            ...list.map((t) => ({ value: t.HCODE, label: `${t.TerminalCode} – ${t.ConfigName}` })),
          ]}
        />
      </Flex>
      {!templates.isLoading && (
        <HolidayEditor key={template ? chosen : NEW} template={template} terminal={template?.TerminalCode ?? terminal} />
      )}
    </Flex>
  );
}
