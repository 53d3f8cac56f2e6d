import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import type { DeclarationRow } from '@smartport/contract';
import { App, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadProtectedFile } from '../../lib/api-client';

/** Status 1 approved; 0, empty or anything else pending (spec 01 §3). */
export const isApproved = (row: Pick<DeclarationRow, 'Status'>) => Number(row.Status) === 1;

export function StatusTag({ row }: { row: DeclarationRow }) {
  const { t } = useTranslation();
  return isApproved(row) ? <Tag color="green">{t('declarations.approved')}</Tag> : <Tag color="orange">{t('declarations.pending')}</Tag>;
}

/** The declaration's files (FileLists, semicolon-separated links), downloaded with the caller's token. */
export function FileLinks({ row }: { row: DeclarationRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const links = row.FileLists.split(';').filter(Boolean);
  return (
    <Flex vertical gap={2}>
      {links.map((url) => {
        const name = decodeURIComponent(url.split('/').pop() ?? url);
        return (
          <Button
            key={url}
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() =>
              void downloadProtectedFile(url, name).catch((e: Error) =>
                message.error(t('declarations.downloadFailed', { message: e.message })),
              )
            }
          >
            {name}
          </Button>
        );
      })}
    </Flex>
  );
}

/** Text longer than `limit` characters shows its start; a click shows the whole (spec 01 §2, §9: 20 characters). */
export function ExpandableText({ text, limit = 20 }: { text: string | null | undefined; limit?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const value = text ?? '';
  if (value.length <= limit) return <span>{value}</span>;
  return (
    <Typography.Link
      onClick={() => setOpen(!open)}
      title={open ? t('declarations.collapse') : t('declarations.expand')}
      aria-expanded={open}
      style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}
    >
      {open ? value : `${value.slice(0, limit)}…`}
    </Typography.Link>
  );
}

/** Free-text search over every shown field of the rows (the tables' search boxes). */
export function matchesSearch(row: DeclarationRow, search: string) {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [row.ID, row.CustomerID, row.CustomNo, row.CustomCode, row.BL_BookingNo, row.Note, row.CreatedBy, row.TerminalCode, row.FileLists]
    .filter(Boolean)
    .some((v) => String(v).toLowerCase().includes(needle));
}
