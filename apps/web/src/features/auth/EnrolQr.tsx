import { QRCode } from 'antd';

/** The otpauth:// URI of a new TOTP secret as a QR code, for an authenticator app to scan. */
export default function EnrolQr({ value }: { value: string }) {
  return <QRCode value={value} size={180} style={{ margin: '0 auto 12px' }} />;
}
