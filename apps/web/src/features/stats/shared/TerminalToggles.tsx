import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { terminalColor } from './terminal-colors';
import { STATS_NS } from './texts';

export interface ToggleTerminal {
  TerminalCode: string;
  TerminalName?: string;
  ChartColor?: string | null;
}

/**
 * The select-all button's rule (spec 02 §4): it reads 'deselect all' unless more than half of the terminals are
 * off, then 'select all'; pressing it does what it reads.
 */
export function allToggleAction(selectedCount: number, total: number): 'select' | 'deselect' {
  return total - selectedCount > total / 2 ? 'select' : 'deselect';
}

export interface TerminalTogglesProps {
  terminals: readonly ToggleTerminal[];
  selected: readonly string[];
  onChange: (codes: string[]) => void;
}

/** One toggle button per terminal in its fixed colour, and the select/deselect-all button (spec 02 §2.3). */
export function TerminalToggles({ terminals, selected, onChange }: TerminalTogglesProps) {
  const { t } = useTranslation(STATS_NS);
  const on = new Set(selected);
  const action = allToggleAction(terminals.filter((x) => on.has(x.TerminalCode)).length, terminals.length);
  const toggle = (code: string) => onChange(terminals.map((x) => x.TerminalCode).filter((c) => (c === code ? !on.has(c) : on.has(c))));
  return (
    <Flex wrap gap={6} role="group" aria-label={t('common.terminals')}>
      {terminals.map((x) => {
        const active = on.has(x.TerminalCode);
        const color = terminalColor(x.TerminalCode, x.ChartColor);
        return (
          <Button
            key={x.TerminalCode}
            size="small"
            aria-pressed={active}
            title={x.TerminalName}
            onClick={() => toggle(x.TerminalCode)}
            style={
              active
                ? { background: color, borderColor: color, color: '#fff', minWidth: 52 }
                : { color: '#8c8c8c', borderColor: '#d9d9d9', background: '#fafafa', minWidth: 52, textDecoration: 'line-through' }
            }
          >
            {x.TerminalCode}
          </Button>
        );
      })}
      <Button size="small" type="dashed" onClick={() => onChange(action === 'select' ? terminals.map((x) => x.TerminalCode) : [])}>
        {action === 'select' ? t('common.selectAll') : t('common.deselectAll')}
      </Button>
    </Flex>
  );
}
