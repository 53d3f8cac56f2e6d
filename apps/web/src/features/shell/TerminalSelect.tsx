import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The header's terminal choice, for users of several terminals. */
export function TerminalSelect({ value, terminals, onChange }: { value: string; terminals: string[]; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('shell.terminal')}
      value={value}
      style={{ minWidth: 120 }}
      options={terminals.map((c) => ({ value: c, label: c }))}
      onChange={onChange}
    />
  );
}
