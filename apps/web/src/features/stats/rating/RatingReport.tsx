import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { type RatingAggregateRow, type RatingDetailRow, type RatingNoteRow, shownPin } from '@smartport/contract';
import { App, AutoComplete, Button, Flex, Modal, Rate, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadOnlyColumn, ReadOnlyGrid } from '../../../components/data-grid/ReadOnlyGrid';
import { type RatingRequest, useRatingDetail, useRatingTotals } from '../api';
import { datesRange, defineReport, type ReportRow, yearToDate } from '../report/define-report';
import { ReportFrame } from '../report/ReportFrame';
import { useAskedSource } from '../report/useReport';
import { EXPORT_TIME } from '../shared/excel-export';
import { REQUEST_TIME } from '../shared/period';
import { formatCount } from '../shared/stats-format';
import { registerStatsTexts, STATS_NS } from '../shared/texts';
import texts from './rating.vi.json';
import { formatAverage, isNotesCriterion, starCounts } from './rating-rows';

registerStatsTexts(texts);

const noRows: RatingAggregateRow[] = [];
type Keyed<T> = T & { key: number };
type RatingTotals = NonNullable<ReturnType<typeof useRatingTotals>['data']>;
const RATING_TIME = 'YYYY-MM-DD HH:mm:ss';

/** The rating time as the spec shows it (YYYY-MM-DD HH:mm:ss), whatever exact form the server wrote. */
const ratingTime = (value: string) => {
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return value;
  const d = dayjs(value);
  return d.isValid() ? d.format(RATING_TIME) : value;
};

/**
 * A modal with one OK button bound to Enter (spec 02 §2.6.1), 1000 px wide (§9). Enter anywhere while it is open
 * closes it, as the OK button would.
 */
function OkModal({
  open,
  title,
  onClose,
  children,
  width = 1000,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}) {
  const { t } = useTranslation(STATS_NS);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" autoFocus onClick={onClose}>
          {t('rating.ok')}
        </Button>
      }
    >
      {children}
    </Modal>
  );
}

/**
 * /Report/Rating 'Chi tiết đánh giá khách hàng' (spec 02 §2.6.1): two dates (the start of the year to today), the
 * rater, the terminal chips and a submit button in the side panel under the title above; the aggregate rows in a grid
 * with the export in its toolbar; the overview and detail modals.
 */
const ratingReport = defineReport<RatingRequest, RatingTotals, never, ReportRow, string>({
  title: 'rating.title',
  look: 'side',
  panel: {
    titleAbove: true,
    terminalsCaption: false,
    submit: 'rating.submit',
    cols: { panel: { xs: 24, lg: 6 }, main: { xs: 24, lg: 18 } },
  },
  dates: { fromLabel: 'rating.fromDate', toLabel: 'rating.toDate', format: 'DD/MM/YYYY', defaults: yearToDate },
  // The rater's user ID as typed or chosen (none: every user).
  filter: { initial: '' },
  request: (base, userId, period) => {
    const { from, to } = datesRange(period, REQUEST_TIME);
    return { fromdate: from, todate: to, TerminalList: base.terminalList, ...(userId.trim() ? { UserID: userId.trim() } : {}) };
  },
  useSource: () => useAskedSource(useRatingTotals, () => Promise.resolve()),
  loadFailed: true,
  exportFailed: 'rating.exportFailed',
  exportButton: 'table',
  exportRange: (asked) => ({
    from: dayjs(asked.fromdate, REQUEST_TIME).format(EXPORT_TIME),
    to: dayjs(asked.todate, REQUEST_TIME).format(EXPORT_TIME),
  }),
  useParts: ({ t, data, asked, fetching, filter: userId, onFilterChange, exportExcel }) => {
    const { message } = App.useApp();
    const [overview, setOverview] = useState<RatingAggregateRow | null>(null);
    const [detailOf, setDetailOf] = useState<RatingAggregateRow | null>(null);
    const detail = useRatingDetail(asked, detailOf?.QuestionCode ?? null);
    const rows = data?.rows ?? noRows;
    // Two ratings may look alike (same rater, PIN and second): the grid keys them by place.
    const detailRows = useMemo(
      () => ({
        ratings: detail.data?.kind === 'ratings' ? detail.data.ratings.map((r, key) => ({ ...r, key })) : [],
        notes: detail.data?.kind === 'notes' ? detail.data.notes.map((r, key) => ({ ...r, key })) : [],
      }),
      [detail.data],
    );

    // Raters seen in the answers so far: the selector's suggestions (one may also type a user ID).
    const [knownRaters, setKnownRaters] = useState<Map<string, string>>(() => new Map());
    useEffect(() => {
      const found = detail.data?.kind === 'notes' ? detail.data.notes : detail.data?.ratings;
      if (!found?.length) return;
      setKnownRaters((prev) => {
        const next = new Map(prev);
        for (const r of found) if (!next.has(r.UserID)) next.set(r.UserID, r.UserName ?? r.UserID);
        return next.size === prev.size ? prev : next;
      });
    }, [detail.data]);

    // 'Không tìm thấy dữ liệu.' once per unsuccessful answer; the table shows what came back.
    useEffect(() => {
      if (data && !data.ok) void message.warning(t('rating.notFound'));
    }, [data, message, t]);
    useEffect(() => {
      if (detail.error) void message.warning(detail.error.message);
    }, [detail.error, message]);

    const columns = useMemo<ReadOnlyColumn<RatingAggregateRow>[]>(
      () => [
        { key: 'criterion', title: t('rating.col.criterion'), width: 210, grow: true, text: (r) => r.QuestionName },
        {
          key: 'average',
          title: t('rating.col.average'),
          width: 100,
          align: 'right',
          text: (r) => (isNotesCriterion(r) ? '' : formatAverage(r)),
        },
        { key: 'total', title: t('rating.col.total'), width: 90, align: 'right', text: (r) => formatCount(r.TotalRating) },
        { key: 'count', title: t('rating.col.count'), width: 100, align: 'right', text: (r) => formatCount(r.CountRating) },
        {
          key: 'overview',
          title: t('rating.col.overview'),
          width: 100,
          align: 'center',
          noExport: true,
          text: () => '',
          render: (r) =>
            isNotesCriterion(r) ? null : (
              <Button size="small" aria-label={`${t('rating.overviewButton')}: ${r.QuestionName}`} onClick={() => setOverview(r)}>
                {t('rating.overviewButton')}
              </Button>
            ),
        },
        {
          key: 'detail',
          title: t('rating.col.detail'),
          width: 85,
          align: 'center',
          noExport: true,
          text: () => '',
          render: (r) => (
            <Button size="small" aria-label={`${t('rating.detailButton')}: ${r.QuestionName}`} onClick={() => setDetailOf(r)}>
              {t('rating.detailButton')}
            </Button>
          ),
        },
      ],
      [t],
    );

    const ratingColumns = useMemo<ReadOnlyColumn<Keyed<RatingDetailRow>>[]>(
      () => [
        { key: 'rater', title: t('rating.col.rater'), width: 180, text: (r) => r.UserName ?? r.UserID },
        { key: 'pin', title: t('rating.col.pin'), width: 130, text: (r) => shownPin(r.PinCode) },
        { key: 'screen', title: t('rating.col.screen'), width: 200, text: (r) => r.ScreenName ?? r.JobModeName ?? '' },
        { key: 'criterion', title: t('rating.col.criterion'), width: 200, text: (r) => r.QuestionName },
        {
          key: 'rating',
          title: t('rating.col.rating'),
          width: 150,
          text: (r) => t('rating.starsLabel', { count: r.Rating ?? 0 }),
          render: (r) => <Rate disabled value={r.Rating ?? 0} count={5} style={{ fontSize: 14 }} />,
        },
        { key: 'time', title: t('rating.col.time'), width: 170, text: (r) => ratingTime(r.CreatedTime) },
      ],
      [t],
    );

    const noteColumns = useMemo<ReadOnlyColumn<Keyed<RatingNoteRow>>[]>(
      () => [
        { key: 'rater', title: t('rating.col.rater'), width: 170, text: (r) => r.UserName ?? r.UserID },
        { key: 'pin', title: t('rating.col.pin'), width: 130, text: (r) => shownPin(r.PinCode) },
        { key: 'screen', title: t('rating.col.screenOnly'), width: 180, text: (r) => r.ScreenName ?? r.JobModeName ?? '' },
        { key: 'note', title: t('rating.col.note'), width: 320, grow: true, text: (r) => r.RatingNote },
        { key: 'time', title: t('rating.col.time'), width: 170, text: (r) => ratingTime(r.CreatedTime) },
      ],
      [t],
    );

    // The export: STT, the criterion, the average, total, count and the count of each number of stars.
    const exportTable = () => ({
      columns: [
        { title: 'STT', width: 6 },
        { title: t('rating.col.criterion'), width: 40 },
        { title: t('rating.col.average'), width: 16, numFmt: '0.00' },
        { title: t('rating.col.total'), width: 14, numFmt: '#,##0' },
        { title: t('rating.col.count'), width: 16, numFmt: '#,##0' },
        ...([5, 4, 3, 2, 1] as const).map((n) => ({ title: t('rating.col.stars', { count: n }), width: 10, numFmt: '#,##0' })),
      ],
      rows: rows.map((r, i) => {
        const avg = r.CountRating ? r.TotalRating / r.CountRating : null;
        return {
          cells: [
            i + 1,
            r.QuestionName,
            avg === null ? '' : Math.round(avg * 100) / 100,
            r.TotalRating,
            r.CountRating,
            ...starCounts(r).map((s) => (isNotesCriterion(r) ? '' : s.count)),
          ],
        };
      }),
    });

    const raterOptions = [...knownRaters.entries()].map(([id, name]) => ({ value: id, label: name === id ? id : `${id} - ${name}` }));

    return {
      cards: [],
      charts: [],
      table: {
        own: (
          <ReadOnlyGrid<RatingAggregateRow>
            title={t('rating.table')}
            columns={columns}
            rows={rows}
            rowId={(r) => String(r.QuestionCode)}
            height="57vh"
            pageSize={20}
            loading={fetching}
            exportable={false}
            searchLabel={t('rating.search')}
            emptyText={asked ? t('rating.notFound') : t('rating.notAsked')}
            extra={
              <Button icon={<DownloadOutlined />} disabled={!asked || !rows.length} onClick={() => void exportExcel()}>
                {t('common.exportExcel')}
              </Button>
            }
          />
        ),
        export: exportTable,
      },
      empty: !rows.length,
      exportFile: { fileName: t('rating.fileName'), title: t('rating.exportTitle') },
      controls: {
        before: (
          <div>
            <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('rating.user')}</span>
            <AutoComplete
              aria-label={t('rating.user')}
              allowClear
              value={userId}
              options={raterOptions}
              placeholder={t('rating.userPlaceholder')}
              style={{ width: '100%' }}
              onChange={(v) => onFilterChange(String(v ?? ''))}
              filterOption={(input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            />
          </div>
        ),
      },
      extra: (
        <>
          <OkModal
            open={overview !== null}
            title={t('rating.overviewTitle', { name: overview?.QuestionName ?? '' })}
            onClose={() => setOverview(null)}
            width={520}
          >
            <Flex vertical gap={8} role="list" aria-label={t('rating.col.overview')}>
              {overview &&
                starCounts(overview).map(({ stars, count }) => (
                  <Flex
                    key={stars}
                    role="listitem"
                    aria-label={`${t('rating.starsLabel', { count: stars })}: ${count}`}
                    align="center"
                    gap={12}
                  >
                    <span aria-hidden="true">
                      <Rate disabled value={stars} count={5} style={{ fontSize: 14, width: 130 }} />
                    </span>
                    <Typography.Text style={{ width: 60 }}>{t('rating.starsLabel', { count: stars })}</Typography.Text>
                    <Typography.Text strong>{t('rating.ratings', { n: formatCount(count) })}</Typography.Text>
                  </Flex>
                ))}
            </Flex>
          </OkModal>

          <OkModal
            open={detailOf !== null}
            title={
              detailOf && isNotesCriterion(detailOf)
                ? t('rating.notesTitle')
                : t('rating.detailTitle', { name: detailOf?.QuestionName ?? '' })
            }
            onClose={() => setDetailOf(null)}
          >
            {detailOf && isNotesCriterion(detailOf) ? (
              <ReadOnlyGrid<Keyed<RatingNoteRow>>
                title={t('rating.notesTitle')}
                columns={noteColumns}
                rows={detailRows.notes}
                rowId={(r) => String(r.key)}
                height="55vh"
                loading={detail.isFetching}
                compact
                emptyText={t('common.noData')}
              />
            ) : (
              <ReadOnlyGrid<Keyed<RatingDetailRow>>
                title={detailOf?.QuestionName ?? ''}
                columns={ratingColumns}
                rows={detailRows.ratings}
                rowId={(r) => String(r.key)}
                height="55vh"
                loading={detail.isFetching}
                compact
                emptyText={t('common.noData')}
              />
            )}
          </OkModal>
        </>
      ),
    };
  },
});

/** /Report/Rating 'Chi tiết đánh giá khách hàng' (spec 02 §2.6.1). */
export function RatingReport() {
  return <ReportFrame report={ratingReport} />;
}
