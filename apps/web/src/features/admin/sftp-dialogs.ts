import { sftpMessages } from '@smartport/contract';
import { App } from 'antd';
import { ApiError } from '../../lib/api-client';

/**
 * Spec 03 §8 for every SFTP operation: success → dialog 'Dữ liệu trả về !' with the service's output or
 * 'Thành công'; failure → an alert with its output or error, else 'Thất bại !'.
 */
export function useSftpDialogs() {
  const { modal } = App.useApp();
  return {
    returned(reply: { out?: string | undefined }) {
      modal.success({ title: sftpMessages.returned, content: reply.out || sftpMessages.success });
    },
    failed(error: unknown) {
      const reply = error instanceof ApiError ? error.reply : undefined;
      const text =
        (typeof reply?.out === 'string' && reply.out) ||
        (typeof reply?.error === 'string' && reply.error) ||
        (error instanceof Error && error.message) ||
        sftpMessages.failed;
      modal.error({ title: sftpMessages.failed, content: text });
    },
    alert(text: string) {
      modal.info({ title: text });
    },
  };
}
