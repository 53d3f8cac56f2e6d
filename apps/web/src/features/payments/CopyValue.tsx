import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { paymentLimits } from '@smartport/contract';
import { Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A value with a copy button whose tick lasts 1 s after copying (spec 02 §9). */
export function CopyValue({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), paymentLimits.copyFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): nothing was copied, so no tick.
    }
  };
  return (
    <Space size={4}>
      <span>{text}</span>
      <Button
        type="text"
        size="small"
        aria-label={t('payment.qr.copyValue', { value: text })}
        icon={copied ? <CheckOutlined style={{ color: '#52c41a' }} data-testid="copied" /> : <CopyOutlined />}
        onClick={() => void copy()}
      />
    </Space>
  );
}
