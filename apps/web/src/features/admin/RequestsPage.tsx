import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { effectiveRank, type IssueRow, issueLabels, issueMessages } from '@smartport/contract';
import { App, Button, Card, Checkbox, Typography } from 'antd';
import { createContext, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadOnlyColumn, ReadOnlyGrid } from '../../components/data-grid/ReadOnlyGrid';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useReportError } from '../../lib/report-error';
import { session } from '../../lib/session';
import { useMe } from '../../lib/session-queries';
import { useDeleteIssues, useIssues } from './api';
import { RequestDialog } from './RequestDialog';

interface Ticks {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
}
const TicksContext = createContext<Ticks>({ selected: new Set(), toggle: () => {} });

/** The selection box of a row; reads the ticks from the page, so ticking does not rebuild the grid's columns. */
function RowTick({ row, label }: { row: IssueRow; label: string }) {
  const { selected, toggle } = useContext(TicksContext);
  return (
    <span data-no-row-click>
      <Checkbox
        aria-label={label}
        checked={selected.has(row.Rowguid)}
        disabled={!row.CanDelete}
        onChange={(e) => toggle(row.Rowguid, e.target.checked)}
      />
    </span>
  );
}

/**
 * 'Quản lý yêu cầu' (spec 03 §2.5): the caller's requests (index, type, content, requester, contractor opinion,
 * performer, release date, confirmation), 'Thêm mới', 'Xóa dòng' on the ticked rows; a click on a row opens
 * 'Điều chỉnh yêu cầu'. Texts are plain: the grid shows them as text, never as markup.
 */
export default function RequestsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const me = useMe().data ?? session.user();
  const rank = effectiveRank(me?.Rank);
  const issues = useIssues();
  const remove = useDeleteIssues();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<{ row: IssueRow | null } | null>(null);
  useReportError(issues.error, (e) => void message.error(e.message || t('grid.loadFailed')));

  const rows = issues.data ?? [];
  const ticks = useMemo<Ticks>(
    () => ({
      selected,
      toggle: (id, on) =>
        setSelected((s) => {
          const next = new Set(s);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
    }),
    [selected],
  );
  // The columns do not change with the ticks: a tick re-renders its box at once (through the context), never the
  // grid's cells, so the box shows the click in the same frame.
  const columns = useMemo<ReadOnlyColumn<IssueRow>[]>(() => {
    return [
      {
        key: 'select',
        title: t('issues.select'),
        width: 66,
        align: 'center',
        noExport: true,
        text: () => '',
        render: (r) => <RowTick row={r} label={t('issues.selectRow', { n: r.IssueName.slice(0, 40) })} />,
      },
      { key: 'IssueType', title: issueLabels.IssueType, width: 100, text: (r) => r.IssueType },
      { key: 'IssueName', title: issueLabels.IssueName, width: 160, flex: 2, grow: true, text: (r) => r.IssueName },
      { key: 'Planner', title: issueLabels.Planner, width: 130, text: (r) => r.Planner },
      {
        key: 'PerformerComment',
        title: issueLabels.PerformerComment,
        width: 130,
        flex: 1,
        grow: true,
        text: (r) => r.PerformerComment ?? '',
      },
      { key: 'Performer', title: issueLabels.Performer, width: 120, text: (r) => r.Performer ?? '' },
      { key: 'ReleaseDate', title: issueLabels.ReleaseDate, width: 150, text: (r) => formatDateTime(r.ReleaseDate, 'YYYY-MM-DD HH:mm:ss') },
      { key: 'ReleaseComment', title: issueLabels.ReleaseComment, width: 130, flex: 1, grow: true, text: (r) => r.ReleaseComment ?? '' },
    ];
  }, [t]);

  const onDelete = () => {
    const ids = rows.filter((r) => selected.has(r.Rowguid)).map((r) => r.Rowguid);
    if (!ids.length) {
      void message.warning(issueMessages.noneSelected);
      return;
    }
    modal.confirm({
      title: issueMessages.confirmDelete,
      okText: t('issues.ok'),
      cancelText: t('issues.cancel'),
      onOk: () =>
        remove.mutateAsync(ids).then(
          () => {
            setSelected(new Set());
            void message.success(issueMessages.deleted);
          },
          (e: unknown) => void message.error(e instanceof ApiError && e.message ? e.message : t('grid.deleteFailed')),
        ),
    });
  };

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('issues.title')}
        </Typography.Title>
      }
      size="small"
      styles={{ body: { padding: 12 } }}
    >
      <TicksContext.Provider value={ticks}>
        <ReadOnlyGrid<IssueRow>
          title=""
          columns={columns}
          rows={rows}
          rowId={(r) => r.Rowguid}
          height="52vh"
          loading={issues.isLoading}
          emptyText={t('issues.empty')}
          exportable={false}
          onRowClick={(row) => setDialog({ row })}
          extra={
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ row: null })}>
                {t('issues.add')}
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={onDelete} loading={remove.isPending}>
                {t('issues.delete')}
              </Button>
            </>
          }
        />
      </TicksContext.Provider>
      {dialog && (
        <RequestDialog
          row={dialog.row}
          rank={rank}
          userName={me?.UserName ?? ''}
          terminal={session.terminal()}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
