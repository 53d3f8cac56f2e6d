import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  ISSUE_IMAGE_SEPARATOR,
  type IssueLockableField,
  type IssueRow,
  issueImageLimits,
  issueLabels,
  issueLocks,
  issueMessages,
  issueTypes,
} from '@smartport/contract';
import { App, Button, Checkbox, Col, Flex, Form, Input, Modal, Row, Select, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useIssueImageUrl, useSaveIssues, useUploadIssueImage } from './api';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

interface Draft {
  IssueName: string;
  PerformerComment: string;
  IssueType: string;
  Performer: string;
  ReleaseDate: string | null;
  ReleaseComment: string;
  images: string[];
}

const draftOf = (row: IssueRow | null): Draft => ({
  IssueName: row?.IssueName ?? '',
  PerformerComment: row?.PerformerComment ?? '',
  IssueType: row?.IssueType ?? issueTypes[0],
  Performer: row?.Performer ?? '',
  ReleaseDate: row?.ReleaseDate ?? null,
  ReleaseComment: row?.ReleaseComment ?? '',
  images: row?.Images ? row.Images.split(ISSUE_IMAGE_SEPARATOR).filter(Boolean) : [],
});

const errorText = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : '');

function IssueImage({ src, n, onRemove, removeLabel }: { src: string; n: number; onRemove?: () => void; removeLabel: string }) {
  const { t } = useTranslation();
  const { url, failed } = useIssueImageUrl(src);
  return (
    <div
      data-testid="issue-image"
      style={{
        position: 'relative',
        width: 96,
        height: 96,
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        overflow: 'hidden',
        background: '#fafafa',
      }}
    >
      <Flex align="center" justify="center" style={{ width: '100%', height: '100%' }}>
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer">
            <img src={url} alt={t('issues.imageAlt', { n })} style={{ maxWidth: 94, maxHeight: 94, display: 'block' }} />
          </a>
        ) : failed ? (
          <Typography.Text type="danger" style={{ fontSize: 12, textAlign: 'center' }}>
            {t('issues.imageFailed')}
          </Typography.Text>
        ) : (
          <Spin size="small" />
        )}
      </Flex>
      {onRemove && (
        <Button
          size="small"
          shape="circle"
          danger
          icon={<CloseOutlined />}
          aria-label={`${removeLabel} ${n}`}
          onClick={onRemove}
          style={{ position: 'absolute', top: 2, right: 2 }}
        />
      )}
    </div>
  );
}

/**
 * The request form (spec 03 §2.5, §5): 'Thêm mới yêu cầu' or 'Điều chỉnh yêu cầu'. Fields the user's rank may not
 * change are shown disabled (`issueLocks`, the server's own rule); the requester and created date are read-only.
 */
export function RequestDialog({
  row,
  rank,
  userName,
  terminal,
  onClose,
}: {
  /** The request to edit; null to add one. */
  row: IssueRow | null;
  rank: number;
  userName: string;
  terminal: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const mode = row ? 'edit' : 'add';
  const locks = issueLocks(rank, mode);
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const save = useSaveIssues();
  const upload = useUploadIssueImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const locked = (f: IssueLockableField) => locks.has(f);

  const onFiles = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (draft.images.length >= issueImageLimits.perIssue) {
        void message.error(issueMessages.tooManyImages);
        break;
      }
      try {
        const src = await upload.mutateAsync(file);
        setDraft((d) => (d.images.length < issueImageLimits.perIssue ? { ...d, images: [...d.images, src] } : d));
      } catch (e) {
        void message.error(errorText(e) || issueMessages.badImage);
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = () => {
    // Content is required of those who may type it; above rank 2 the request is its type, the content a rank 1's.
    if (!locked('IssueName') && !draft.IssueName.trim()) {
      void message.error(issueMessages.noContent);
      return;
    }
    modal.confirm({
      title: mode === 'add' ? issueMessages.confirmAdd : issueMessages.confirmEdit,
      okText: t('issues.ok'),
      cancelText: t('issues.cancel'),
      onOk: async () => {
        const common = {
          IssueName: draft.IssueName,
          IssueType: draft.IssueType as (typeof issueTypes)[number],
          Performer: draft.Performer,
          ReleaseComment: draft.ReleaseComment,
          is_realease: draft.ReleaseDate ? '1' : '',
          Images: draft.images.join(ISSUE_IMAGE_SEPARATOR),
        } as const;
        const body = row
          ? { ...common, Rowguid: row.Rowguid, PerformerComment: draft.PerformerComment }
          : { ...common, ...(terminal ? { TerminalCode: terminal } : {}) };
        try {
          await save.mutateAsync([body]);
          void message.success(issueMessages.saved);
          onClose();
        } catch (e) {
          const reason = errorText(e);
          void message.error(reason ? `${issueMessages.saveFailed} ${reason}` : issueMessages.saveFailed);
        }
      },
    });
  };

  const created = row ? formatDateTime(row.CreatedTime, 'YYYY-MM-DD') : formatDateTime(new Date(), 'YYYY-MM-DD');
  const hint = (f: IssueLockableField) =>
    locked(f)
      ? t('issues.lockedHint', { rank: f === 'PerformerComment' || (f === 'IssueName' && mode === 'edit') ? 1 : '1, 2' })
      : undefined;

  return (
    <Modal
      open
      title={mode === 'add' ? issueMessages.addTitle : issueMessages.editTitle}
      onCancel={onClose}
      width={760}
      style={{ top: 24 }}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('issues.close')}
        </Button>,
        <Button key="save" type="primary" onClick={submit} loading={save.isPending} disabled={upload.isPending}>
          {t('issues.save')}
        </Button>,
      ]}
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={issueLabels.IssueName} htmlFor="issue-name" required={!locked('IssueName')} tooltip={hint('IssueName')}>
          <Input.TextArea
            id="issue-name"
            value={draft.IssueName}
            onChange={(e) => set('IssueName', e.target.value)}
            disabled={locked('IssueName')}
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={4000}
          />
        </Form.Item>
        {mode === 'edit' && (
          <Form.Item label={issueLabels.PerformerComment} htmlFor="issue-performer-comment" tooltip={hint('PerformerComment')}>
            <Input.TextArea
              id="issue-performer-comment"
              value={draft.PerformerComment}
              onChange={(e) => set('PerformerComment', e.target.value)}
              disabled={locked('PerformerComment')}
              autoSize={{ minRows: 1, maxRows: 6 }}
              maxLength={4000}
            />
          </Form.Item>
        )}
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item label={issueLabels.IssueType} htmlFor="issue-type">
              <Select
                id="issue-type"
                value={draft.IssueType}
                onChange={(v) => set('IssueType', v)}
                options={issueTypes.map((v) => ({ value: v, label: v }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item label={issueLabels.CreatedTime} htmlFor="issue-created">
              <Input id="issue-created" value={created} readOnly variant="filled" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item label={issueLabels.Planner} htmlFor="issue-planner">
              <Input id="issue-planner" value={row?.Planner ?? userName} readOnly variant="filled" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12} align="bottom">
          <Col xs={24} sm={12}>
            <Form.Item label={issueLabels.Performer} htmlFor="issue-performer" tooltip={hint('Performer')}>
              <Input
                id="issue-performer"
                value={draft.Performer}
                onChange={(e) => set('Performer', e.target.value)}
                disabled={locked('Performer')}
                maxLength={100}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item tooltip={hint('is_realease')}>
              <Checkbox
                checked={!!draft.ReleaseDate}
                disabled={locked('is_realease')}
                onChange={(e) => set('ReleaseDate', e.target.checked ? (row?.ReleaseDate ?? new Date().toISOString()) : null)}
              >
                {issueLabels.is_realease}
              </Checkbox>
              {draft.ReleaseDate && (
                <Typography.Text type="secondary" data-testid="issue-release-date" style={{ display: 'block' }}>
                  {t('issues.releasedAt', { date: formatDateTime(draft.ReleaseDate, 'YYYY-MM-DD HH:mm:ss') })}
                </Typography.Text>
              )}
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={issueLabels.ReleaseComment} htmlFor="issue-release-comment" tooltip={hint('ReleaseComment')}>
          <Input.TextArea
            id="issue-release-comment"
            value={draft.ReleaseComment}
            onChange={(e) => set('ReleaseComment', e.target.value)}
            disabled={locked('ReleaseComment')}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={4000}
          />
        </Form.Item>
        <Form.Item label={issueLabels.Images} tooltip={hint('Images')}>
          <Flex wrap gap={8} align="center">
            {draft.images.map((src, i) => (
              <IssueImage
                key={src}
                src={src}
                n={i + 1}
                removeLabel={t('issues.removeImage')}
                onRemove={
                  locked('Images')
                    ? undefined
                    : () =>
                        set(
                          'images',
                          draft.images.filter((s) => s !== src),
                        )
                }
              />
            ))}
            {!draft.images.length && locked('Images') && <Typography.Text type="secondary">{t('issues.noImages')}</Typography.Text>}
            {!locked('Images') && draft.images.length < issueImageLimits.perIssue && (
              <Button icon={<PlusOutlined />} loading={upload.isPending} onClick={() => fileInput.current?.click()}>
                {t('issues.addImage')}
              </Button>
            )}
          </Flex>
          {!locked('Images') && (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('issues.imageHint', { mb: issueImageLimits.maxBytes / 1_000_000, n: issueImageLimits.perIssue })}
              </Typography.Text>
              <input
                ref={fileInput}
                type="file"
                accept={IMAGE_TYPES}
                multiple
                style={{ display: 'none' }}
                data-testid="issue-image-input"
                onChange={(e) => void onFiles(e.target.files)}
              />
            </>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
