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
  return <Tag color={isApproved(row) ? 'green' : 'orange'}>{statusText(row, t)}</Tag>;
}

const fileLinks = (row: Pick<DeclarationRow, 'FileLists'>) => (row.FileLists ?? '').split(';').filter(Boolean);
const fileName = (url: string) => {
  const last = url.split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/** The file names of a declaration, as searched and exported. */
export const fileNames = (row: Pick<DeclarationRow, 'FileLists'>) => fileLinks(row).map(fileName).join('; ');

/** The declaration's files (FileLists, semicolon-separated links), downloaded with the caller's token. */
export function FileLinks({ row }: { row: DeclarationRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Flex vertical gap={2}>
      {fileLinks(row).map((url) => {
        const name = fileName(url);
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

/** The status as shown: 'Đã duyệt' or 'Đợi duyệt'. */
export const statusText = (row: Pick<DeclarationRow, 'Status'>, t: (key: string) => string) =>
  isApproved(row) ? t('declarations.approved') : t('declarations.pending');
