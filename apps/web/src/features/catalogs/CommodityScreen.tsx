import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { calls, catalogCallSets, catalogs } from '@smartport/contract';
import type { ColDef } from 'ag-grid-community';
import { App, Button, Card, Flex, Radio, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogGridCard } from '../../components/data-grid/CatalogScreen';
import { type GridRow, hasRowguid } from '../../components/data-grid/catalog-rows';
import { useCatalogGrid } from '../../components/data-grid/use-catalog-grid';
import { callApi } from '../../lib/api-client';
import { type EditedLinks, type JobModeLinks, linkedCodes, linksToSave, toggleLink } from './commodity-links';

type StuffMode = 'stuff' | 'unstuff';
const LINK_COLUMN = '__linked';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/** The left panel's data: job modes for stuffing ('Đóng') or unstuffing ('Rút'), reloaded on demand. */
function useStuffUnstuffModes(mode: StuffMode) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [jobModes, setJobModes] = useState<JobModeLinks[]>([]);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);
  const load = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const reply = await callApi(calls.catalogs.getJobModeStuffUnstuffList, mode === 'stuff' ? { IsCFSStuff: 1 } : { IsCFSUnstuff: 1 });
      if (!reply.success) throw new Error(reply.message || t('grid.loadFailed'));
      if (mine === seq.current) setJobModes(reply.payload ?? []);
    } catch (e) {
      // Spec 03 §8: the list is emptied and the error toasted.
      if (mine === seq.current) {
        setJobModes([]);
        void message.error(errorText(e) || t('grid.loadFailed'));
      }
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [mode, message, t]);
  useEffect(() => {
    void load();
  }, [load]);
  return { jobModes, loading, load };
}

/**
 * /common/commodity (spec 03 §2.1, §4): job modes on the left, switched 'Đóng' / 'Rút', saved with
 * 'Lưu cài đặt'; the commodity catalogue on the right, where the tick column links a commodity to
 * the selected job mode.
 */
export function CommodityScreen() {
  const { t } = useTranslation();
  const { message, modal, notification } = App.useApp();
  const [mode, setMode] = useState<StuffMode>('stuff');
  const { jobModes, loading, load } = useStuffUnstuffModes(mode);
  const [selected, setSelected] = useState<string | null>(null);
  const [edited, setEdited] = useState<EditedLinks>({});
  const [saving, setSaving] = useState(false);
  // Edited job modes count as unsaved work: leaving asks first, as for the grid's own rows.
  const model = useCatalogGrid({ def: catalogs.commodity, calls: catalogCallSets.commodity, otherUnsaved: Object.keys(edited).length });
  const { refreshColumns } = model;

  // The selection follows the list: the first job mode when the one chosen is not in it.
  useEffect(() => {
    setSelected((current) => (jobModes.some((j) => j.JobModeCode === current) ? current : (jobModes[0]?.JobModeCode ?? null)));
  }, [jobModes]);

  const linked = useMemo(() => linkedCodes(jobModes, edited, selected), [jobModes, edited, selected]);
  // The tick column reads these through refs so its definition (and the grid's columns) stay put.
  const state = useRef({ linked, selected, jobModes, edited });
  state.current = { linked, selected, jobModes, edited };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tick column is redrawn whenever the links shown change
  useEffect(() => {
    refreshColumns([LINK_COLUMN]);
  }, [linked, refreshColumns]);

  const linkColumn = useMemo<ColDef<GridRow>[]>(
    () => [
      {
        colId: LINK_COLUMN,
        headerName: t('catalogs.commodity.linked'),
        headerTooltip: t('catalogs.commodity.linkedHint'),
        width: 84,
        minWidth: 72,
        cellDataType: false,
        sortable: false,
        valueGetter: (p) => state.current.linked.has(String(p.data?.values.CommodityCode ?? '')),
        getQuickFilterText: () => '',
        cellRenderer: 'agCheckboxCellRenderer',
        cellEditor: 'agCheckboxCellEditor',
        cellStyle: { textAlign: 'center' },
        // A commodity not saved yet has no code the server knows; save it first.
        editable: (p) => !!p.data && hasRowguid(p.data.values),
        valueSetter: (p) => {
          const { selected: code, jobModes: modes, edited: now } = state.current;
          if (!code) {
            void message.warning(t('catalogs.commodity.noJobMode'));
            return false;
          }
          const commodity = String(p.data?.values.CommodityCode ?? '');
          setEdited(toggleLink(modes, now, code, commodity, !!p.newValue));
          return false;
        },
      },
    ],
    [t, message],
  );

  const switchMode = (next: StuffMode) => {
    setMode(next);
    setSelected(null);
  };

  const saveLinks = () => {
    const body = linksToSave(edited);
    if (!Object.keys(body).length) {
      void message.info(t('catalogs.commodity.nothingToSave'));
      return;
    }
    modal.confirm({
      title: t('grid.confirmSave'),
      okText: t('grid.ok'),
      cancelText: t('grid.cancel'),
      onOk: async () => {
        setSaving(true);
        try {
          const reply = await callApi(calls.catalogs.updateConfigStuffUnstuffList, body);
          if (!reply.success) throw new Error(reply.message);
        } catch (e) {
          notification.error({ title: t('grid.saveFailed'), description: errorText(e), duration: 10 });
          return;
        } finally {
          setSaving(false);
        }
        void message.success(t('grid.saved'));
        setEdited({});
        await load();
      },
    });
  };

  const editedCount = Object.keys(edited).length;

  return (
    <Flex gap={12} wrap align="flex-start">
      <Card
        size="small"
        style={{ flex: '1 1 400px', maxWidth: 460, minWidth: 0 }}
        styles={{ body: { padding: 12 } }}
        title={
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('catalogs.commodity.jobModesTitle')}
          </Typography.Title>
        }
      >
        <Flex vertical gap={10}>
          <Flex gap={8} wrap justify="space-between" align="center">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={mode}
              onChange={(e) => switchMode(e.target.value as StuffMode)}
              options={[
                { value: 'stuff', label: t('catalogs.commodity.stuff') },
                { value: 'unstuff', label: t('catalogs.commodity.unstuff') },
              ]}
            />
            <Button type="primary" icon={<SaveOutlined />} onClick={saveLinks} loading={saving}>
              {t('catalogs.commodity.saveLinks')}
            </Button>
          </Flex>
          <Typography.Text type="secondary" role="status">
            {t('catalogs.commodity.editedCount', { count: editedCount })}
          </Typography.Text>
          <Table<JobModeLinks>
            size="small"
            rowKey="JobModeCode"
            loading={loading}
            dataSource={jobModes}
            pagination={false}
            tableLayout="fixed"
            scroll={{ y: '50vh' }}
            locale={{ emptyText: t('grid.ag.noRowsToShow') }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: selected ? [selected] : [],
              onChange: (keys) => setSelected(keys[0] ? String(keys[0]) : null),
              columnWidth: 40,
            }}
            onRow={(r) => ({ onClick: () => setSelected(r.JobModeCode), style: { cursor: 'pointer' } })}
            columns={[
              { key: 'stt', title: t('grid.rowNumber'), width: 52, render: (_v, _r, i) => i + 1 },
              { dataIndex: 'JobModeCode', title: t('catalogs.commodity.jobModeCode'), width: 96 },
              {
                dataIndex: 'JobModeName',
                title: t('catalogs.commodity.jobModeName'),
                render: (name: string, r) => (
                  <Flex gap={6} wrap align="center">
                    <span>{name}</span>
                    {edited[r.JobModeCode] && <Tag color="orange">{t('catalogs.commodity.edited')}</Tag>}
                  </Flex>
                ),
              },
              {
                key: 'count',
                title: t('catalogs.commodity.linkedCount'),
                width: 76,
                align: 'right',
                render: (_v, r) => linkedCodes(jobModes, edited, r.JobModeCode).size,
              },
            ]}
          />
        </Flex>
      </Card>
      <div style={{ flex: '999 1 420px', minWidth: 0 }}>
        <CatalogGridCard model={model} leadingColumns={linkColumn} />
      </div>
    </Flex>
  );
}
