import { notifyGrid } from '@smartport/contract';
import { App, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { hasVisibleContent } from '../../components/rich-text/html-source';
import { RichTextEditor, type RichTextHandle } from '../../components/rich-text/RichTextEditor';

const contentRule = notifyGrid.row.shape.NotifyContent;

/**
 * Spec 01 §2: the rich-text dialog 'Điều chỉnh nội dung' with 'Lưu' and 'Hủy'. 'Lưu' hands the
 * content to the row (which becomes edited); the grid's own 'Lưu' sends it.
 */
export default function NotifyContentDialog({
  rowTitle,
  html,
  onSave,
  onCancel,
}: {
  rowTitle: string;
  html: string;
  onSave: (html: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useRef<RichTextHandle>(null);

  const save = () => {
    const typed = editor.current?.html() ?? '';
    const content = hasVisibleContent(typed) ? typed : '';
    const checked = contentRule?.safeParse(content);
    if (checked && !checked.success) {
      void message.error(checked.error.issues[0]?.message ?? t('notify.tooLarge'));
      return;
    }
    onSave(content);
  };

  return (
    <Modal
      open
      title={t('notify.dialogTitle')}
      okText={t('notify.save')}
      cancelText={t('notify.cancel')}
      onOk={save}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      width={900}
      styles={{ body: { paddingTop: 4 } }}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('notify.forRow', { title: rowTitle || t('notify.untitled') })}
      </Typography.Paragraph>
      <RichTextEditor ref={editor} initialHtml={html} label={t('notify.contentLabel')} />
    </Modal>
  );
}
