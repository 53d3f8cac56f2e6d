import dayjs from 'dayjs';
import { EXPORT_TIME } from './shared/excel-export';

/** The export's range line: the request's times as DD/MM/YYYY HH:mm:ss (a day picker's text: the whole day). */
export function exportRange(r: { fromTime: string; toTime: string }) {
  const at = (text: string, edge: 'start' | 'end') => {
    const d = text.length === 10 ? dayjs(text)[edge === 'start' ? 'startOf' : 'endOf']('day') : dayjs(text);
    return d.format(EXPORT_TIME);
  };
  return { from: at(r.fromTime, 'start'), to: at(r.toTime, 'end') };
}
