import { DatePicker, Flex, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentPeriod, type PeriodType, type PeriodValue, periodTypes, pickerFormat } from './period';
import { STATS_NS } from './texts';

export interface PeriodControlsProps {
  value: PeriodValue;
  onChange: (next: PeriodValue) => void;
  /** The pickers' values after a type change (default: the current period in both; MB: its own defaults). */
  defaults?: (type: PeriodType) => PeriodValue;
  /** Period types offered, in order (default month, quarter, year, day). */
  types?: readonly PeriodType[];
  /** Pickers side by side (wide filter bar) or under each other (side panel). */
  layout?: 'row' | 'column';
}

const antPicker: Record<PeriodType, 'date' | 'month' | 'quarter' | 'year'> = {
  day: 'date',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/** Period type radios and the from/to pickers matching the type (spec 02 §2.3–2.4). */
export function PeriodControls({ value, onChange, defaults = currentPeriod, types = periodTypes, layout = 'column' }: PeriodControlsProps) {
  const { t } = useTranslation(STATS_NS);
  const picker = (which: 'from' | 'to', label: string) => (
    <DatePicker
      picker={antPicker[value.type]}
      format={pickerFormat[value.type]}
      value={value[which]}
      allowClear={false}
      aria-label={label}
      placeholder={label}
      style={{ width: '100%' }}
      onChange={(d: Dayjs | null) => {
        if (!d) return;
        const next = { ...value, [which]: d };
        // The range never runs backwards: moving one end past the other moves both.
        if (which === 'from' && next.to.isBefore(d)) next.to = d;
        if (which === 'to' && next.from.isAfter(d)) next.from = d;
        onChange(next);
      }}
    />
  );
  return (
    <Flex vertical gap={8}>
      <Radio.Group
        aria-label={t('common.periodType')}
        value={value.type}
        onChange={(e) => onChange(defaults(e.target.value as PeriodType))}
        optionType="button"
        buttonStyle="solid"
        size="small"
        options={types.map((type) => ({ value: type, label: t(`common.period.${type}`) }))}
      />
      <Flex vertical={layout === 'column'} gap={8}>
        <div style={{ flex: 1 }}>
          <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('common.from')}</span>
          {picker('from', t('common.from'))}
        </div>
        <div style={{ flex: 1 }}>
          <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('common.to')}</span>
          {picker('to', t('common.to'))}
        </div>
      </Flex>
    </Flex>
  );
}
