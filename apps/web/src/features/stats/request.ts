import dayjs from 'dayjs';
import type { PeriodRequest } from './api';
import { EXPORT_TIME } from './shared/excel-export';
import { type PeriodValue, requestRange } from './shared/period';

/** The request the controls describe (spec 02 §7: loadType, terminalList, fromTime, toTime). */
export function periodRequestOf(period: PeriodValue, terminals: readonly string[]): PeriodRequest {
  return { loadType: period.type, terminalList: [...terminals], ...requestRange(period) };
}

/** The export's range line: the request's times as DD/MM/YYYY HH:mm:ss (a day picker's text: the whole day). */
export function exportRange(r: { fromTime: string; toTime: string }) {
  const at = (text: string, edge: 'start' | 'end') => {
    const d = text.length === 10 ? dayjs(text)[edge === 'start' ? 'startOf' : 'endOf']('day') : dayjs(text);
    return d.format(EXPORT_TIME);
  };
  return { from: at(r.fromTime, 'start'), to: at(r.toTime, 'end') };
}
