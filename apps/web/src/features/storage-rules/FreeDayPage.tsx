import {
  completeFreeDayHeader,
  defaultFreeDayRows,
  type FreeDayTemplate,
  freeDayGrid,
  freeDayHeader,
  freeDayHeaderProblem,
  freeDayMessages,
  portDayEnd,
  portDayKey,
  portDayStart,
  portInstant,
} from '@smartport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Checkbox, DatePicker, Flex, Form, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridCard } from '../../components/data-grid/GridCard';
import type { GridValues } from '../../components/data-grid/grid-rows';
import { useGrid } from '../../components/data-grid/use-grid';
import { useLookupColumns } from '../../components/data-grid/use-grid-lookups';
import { TYPED_DATE_FORMATS } from '../../lib/format';
import { session } from '../../lib/session';
import { useCustomerChoices, useFreeDayTemplates } from './api';

/** The port day (YYYY-MM-DD) of a stored moment, as a plain date for the picker (whatever the browser's zone). */
const pickerDay = (iso: unknown): Dayjs | null => (iso ? dayjs(portDayKey(new Date(String(iso)))) : null);
/** The picked day as a moment of that port day. */
const portMoment = (d: Dayjs) => portInstant(d.year(), d.month() + 1, d.date(), 12);

/** Spec 03 §4/§9: a blank template's header: today from its start to its end, customer *, not reefer, nothing else chosen. */
function blankHeader(): GridValues {
  const now = new Date();
  return {
    TerminalCode: session.terminal() ?? session.terminals()[0] ?? null,
    Name: null,
    ApplyDate: portDayStart(now).toISOString(),
    ExpireDate: portDayEnd(now).toISOString(),
    OperationCode: null,
    IsLocalForiend: null,
    MoneyCredit: null,
    CustomerCode: '*',
    isRFCheck: 0,
    LaneCode: '*',
    VesselCode: '*',
  };
}

/** A template's header as the screen edits it: effective date at the start of its day, expiry at the end (spec 03 §4). */
const templateHeader = (t: FreeDayTemplate): GridValues => ({
  TerminalCode: t.TerminalCode,
  Name: t.Name,
  ApplyDate: portDayStart(new Date(t.ApplyDate)).toISOString(),
  ExpireDate: portDayEnd(new Date(t.ExpireDate)).toISOString(),
  OperationCode: t.OperationCode,
  IsLocalForiend: t.IsLocalForiend,
  MoneyCredit: t.MoneyCredit,
  CustomerCode: t.CustomerCode,
  isRFCheck: t.isRFCheck,
  LaneCode: '*',
  VesselCode: '*',
});

const templateKey = (terminal: unknown, name: unknown) => `${String(terminal ?? '')}|${String(name ?? '')}`;
const RELOAD_AFTER_SAVE_MS = 2000;

/**
 * 'Cấu hình thời gian lưu bãi' (spec 03 §2.4 /config/free_day): on the left the template picker and the header the
 * rules apply with, on the right the rules (the common grid). Choosing a template fills both; the blank one resets the
 * header and gives the five default rules. Any header change marks every rule edited; 'Lưu' checks the header in the
 * spec's order, sends the rules with the header merged, and the page reloads 2 s after 'Lưu dữ liệu hoàn tất !'
 * (opening the saved template again).
 */
export default function FreeDayPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useFreeDayTemplates();
  const customers = useCustomerChoices();
  const headerColumns = useLookupColumns(freeDayGrid.header.columns);
  const column = (field: string) => headerColumns.find((c) => c.field === field);
  const titleOf = (field: string) => column(field)?.title ?? field;

  const [head, setHead] = useState<GridValues>(blankHeader);
  const [chosen, setChosen] = useState('');
  const [filter, setFilter] = useState<{ Name: string; TerminalCode: string } | null>(null);
  const headRef = useRef(head);
  headRef.current = head;

  const model = useGrid(freeDayGrid, {
    filter,
    header: head,
    headerInList: false,
    beforeSave: () => freeDayHeaderProblem(headRef.current),
    saveFailedTitle: freeDayMessages.failed,
    afterSave: async () => {
      const saved = completeFreeDayHeader(freeDayHeader.parse(headRef.current));
      const next = { Name: saved.Name, TerminalCode: saved.TerminalCode };
      const url = new URL(window.location.href);
      url.searchParams.set('template', saved.Name);
      url.searchParams.set('terminal', saved.TerminalCode);
      window.history.replaceState(window.history.state, '', url);
      // The saved rules are listed as saved (nothing left to warn about), then the page reloads (spec 03 §4, §9: 2 s).
      if (JSON.stringify(next) === JSON.stringify(filter)) await model.actions.reload();
      else setFilter(next);
      void queryClient.invalidateQueries({ queryKey: ['storageRules', 'freeDayTemplates'] });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_SAVE_MS);
    },
  });

  const pick = (key: string) => {
    setChosen(key);
    const template = (templates.data ?? []).find((x) => templateKey(x.TerminalCode, x.Name) === key);
    if (!template) {
      setFilter(null);
      setHead(blankHeader());
      model.actions.replaceRows(defaultFreeDayRows);
      return;
    }
    setHead(templateHeader(template));
    setFilter({ Name: template.Name, TerminalCode: template.TerminalCode });
  };

  // First load: the blank template's five rules, or the template named in the address (after a save's reload).
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the templates are known
  useEffect(() => {
    if (started.current || !templates.data) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const wanted = templateKey(params.get('terminal'), params.get('template'));
    pick(templates.data.some((x) => templateKey(x.TerminalCode, x.Name) === wanted) ? wanted : '');
  }, [templates.data]);

  const change = (field: string, value: unknown) => {
    setHead((h) => ({ ...h, [field]: value }));
    model.actions.markAllEdited();
  };

  const templateOptions = useMemo(
    () => [
      { value: '', label: t('freeDay.blank') },
      ...(templates.data ?? []).map((x) => ({
        value: templateKey(x.TerminalCode, x.Name),
        label: `[${x.TerminalCode}] ${x.Name}${x.CustomerName ? ` – ${x.CustomerName}` : ''} (${t('freeDay.rules', { count: x.RuleCount })})`,
      })),
    ],
    [templates.data, t],
  );
  const customerOptions = useMemo(() => [{ value: '*', label: t('freeDay.allCustomers') }, ...(customers.data ?? [])], [customers.data, t]);
  const options = (field: string) => (column(field)?.options ?? []).map((o) => ({ value: o.value, label: o.label }));

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {freeDayGrid.pageTitle}
      </Typography.Title>
      <Flex gap={12} wrap align="flex-start">
        <Card size="small" title={t('freeDay.details')} style={{ flex: '1 1 280px', maxWidth: 380, minWidth: 0 }}>
          <Form layout="vertical" size="middle" requiredMark={false} style={{ rowGap: 0 }}>
            <Form.Item label={t('freeDay.template')} htmlFor="fd-template">
              <Select
                id="fd-template"
                value={chosen}
                options={templateOptions}
                loading={templates.isFetching}
                onChange={pick}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
            <Form.Item label={titleOf('TerminalCode')} htmlFor="fd-terminal">
              <Select
                id="fd-terminal"
                value={head.TerminalCode}
                options={options('TerminalCode')}
                onChange={(v) => change('TerminalCode', v)}
              />
            </Form.Item>
            <Flex gap={8}>
              <Form.Item label={titleOf('ApplyDate')} htmlFor="fd-apply" style={{ flex: 1 }}>
                <DatePicker
                  id="fd-apply"
                  style={{ width: '100%' }}
                  // Spec 03 §9: shown YYYY-MM-DD HH:mm:ss (the start of the day); a day typed either way counts.
                  format={['YYYY-MM-DD [00:00:00]', ...TYPED_DATE_FORMATS]}
                  value={pickerDay(head.ApplyDate)}
                  onChange={(d) => change('ApplyDate', d ? portDayStart(portMoment(d)).toISOString() : null)}
                />
              </Form.Item>
              <Form.Item label={titleOf('ExpireDate')} htmlFor="fd-expire" style={{ flex: 1 }}>
                <DatePicker
                  id="fd-expire"
                  style={{ width: '100%' }}
                  format={['YYYY-MM-DD [23:59:59]', ...TYPED_DATE_FORMATS]}
                  value={pickerDay(head.ExpireDate)}
                  onChange={(d) => change('ExpireDate', d ? portDayEnd(portMoment(d)).toISOString() : null)}
                />
              </Form.Item>
            </Flex>
            <Form.Item label={titleOf('OperationCode')} htmlFor="fd-operator">
              <Select
                id="fd-operator"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                value={head.OperationCode}
                options={options('OperationCode')}
                onChange={(v) => change('OperationCode', v ?? null)}
              />
            </Form.Item>
            <Flex gap={8}>
              <Form.Item label={titleOf('IsLocalForiend')} htmlFor="fd-local" style={{ flex: 1 }}>
                <Select
                  id="fd-local"
                  allowClear
                  value={head.IsLocalForiend}
                  options={options('IsLocalForiend')}
                  onChange={(v) => change('IsLocalForiend', v ?? null)}
                />
              </Form.Item>
              <Form.Item label={titleOf('MoneyCredit')} htmlFor="fd-money" style={{ flex: 1 }}>
                <Select
                  id="fd-money"
                  allowClear
                  value={head.MoneyCredit}
                  options={options('MoneyCredit')}
                  onChange={(v) => change('MoneyCredit', v ?? null)}
                />
              </Form.Item>
            </Flex>
            <Form.Item label={titleOf('CustomerCode')} htmlFor="fd-customer">
              <Select
                id="fd-customer"
                showSearch={{ optionFilterProp: 'label' }}
                value={head.CustomerCode}
                options={customerOptions}
                loading={customers.isFetching}
                onChange={(v) => change('CustomerCode', v ?? '*')}
              />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Checkbox checked={head.isRFCheck === 1} onChange={(e) => change('isRFCheck', e.target.checked ? 1 : 0)}>
                {titleOf('isRFCheck')}
              </Checkbox>
            </Form.Item>
          </Form>
        </Card>
        <div style={{ flex: '3 1 520px', minWidth: 0 }}>
          <GridCard model={model} headingLevel={5} />
        </div>
      </Flex>
    </Flex>
  );
}
