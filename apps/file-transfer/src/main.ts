// Runs the file-transfer service alone: FILE_TRANSFER_KEY (required), FILE_TRANSFER_DIR (default data/sftp),
// FILE_TRANSFER_CONTROL_PORT (default 4120), FILE_TRANSFER_SFTP_PORT (default 4121), FILE_TRANSFER_SFTP_HOST (the
// SFTP server's bind address, default 127.0.0.1; the control API stays on loopback). `npm start` starts it with the portal.
import { startFileTransfer } from './index';

const key = process.env.FILE_TRANSFER_KEY;
if (!key || key.length < 16) {
  console.error('FILE_TRANSFER_KEY: cần khóa điều khiển ít nhất 16 ký tự (trùng với FILE_TRANSFER_KEY của portal).');
  process.exit(1);
}
const ft = await startFileTransfer({
  dataDir: process.env.FILE_TRANSFER_DIR || 'data/sftp',
  key,
  controlPort: Number(process.env.FILE_TRANSFER_CONTROL_PORT || 4120),
  sftpPort: Number(process.env.FILE_TRANSFER_SFTP_PORT || 4121),
  ...(process.env.FILE_TRANSFER_SFTP_HOST ? { sftpHost: process.env.FILE_TRANSFER_SFTP_HOST } : {}),
});
console.log(`${ft.startMessage}\nAPI điều khiển: ${ft.controlUrl}\nSFTP: ${ft.sftpUrl} (khóa máy chủ ${ft.fingerprint})`);
const stop = () => void ft.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
