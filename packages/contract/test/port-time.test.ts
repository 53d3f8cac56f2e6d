import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPortDays,
  formatPortTime,
  PORT_OFFSET_MS,
  parsePortTime,
  portDayEnd,
  portDayKey,
  portDayLastSecond,
  portDayNumber,
  portDayStart,
  portFormats,
  portInstant,
  portInstantChecked,
  portMonthEnd,
  portMonthStart,
  portParts,
  portQuarterEnd,
  portQuarterStart,
  portYearEnd,
  portYearStart,
} from '../src/port-time';

const d = (iso: string) => new Date(iso);

describe('port time (Asia/Ho_Chi_Minh, UTC+7)', () => {
  it('turns at 17:00 UTC: the port day around midnight UTC+7', () => {
    // 16:59:59.999Z is 23:59:59.999 of the 10th in the port; 17:00Z is 00:00 of the 11th.
    expect(portDayKey(d('2026-11-10T16:59:59.999Z'))).toBe('2026-11-10');
    expect(portDayKey(d('2026-11-10T17:00:00.000Z'))).toBe('2026-11-11');
    expect(portDayStart(d('2026-11-11T01:00:00+07:00')).toISOString()).toBe('2026-11-10T17:00:00.000Z');
    expect(portDayEnd(d('2026-11-11T01:00:00+07:00')).toISOString()).toBe('2026-11-11T16:59:59.999Z');
    expect(portDayLastSecond(d('2026-11-11T23:59:59.500+07:00')).toISOString()).toBe('2026-11-11T16:59:59.000Z');
    expect(portDayNumber(d('2026-11-10T17:30:00Z'))).toBe(portDayNumber(d('2026-11-11T01:00:00+07:00')));
    expect(portDayNumber(d('2026-11-10T17:30:00Z')) - portDayNumber(d('2026-11-10T16:30:00Z'))).toBe(1);
  });

  it('day keys: YYMMDD as order numbers use, YYYYMMDD, YYYY-MM-DD', () => {
    const at = d('2026-11-25T18:00:00Z'); // already the 26th in Vietnam
    expect(portDayKey(at, 'YYMMDD')).toBe('261126');
    expect(portDayKey(at, 'YYYYMMDD')).toBe('20261126');
    expect(portDayKey(at)).toBe('2026-11-26');
  });

  it('months, quarters and years end on their last port day, the leap day included', () => {
    const feb = d('2028-02-15T12:00:00+07:00');
    expect(portMonthStart(feb).toISOString()).toBe('2028-01-31T17:00:00.000Z');
    expect(portMonthEnd(feb).toISOString()).toBe('2028-02-29T16:59:59.999Z');
    expect(portDayKey(portMonthEnd(d('2026-02-10T00:00:00+07:00')))).toBe('2026-02-28');
    // 31 December 20:00 UTC is already 1 January in the port: the new year's first month and quarter.
    const newYear = d('2026-12-31T20:00:00Z');
    expect(portQuarterStart(newYear).toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(portYearStart(newYear).toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(portQuarterEnd(d('2026-05-31T23:00:00+07:00')).toISOString()).toBe('2026-06-30T16:59:59.999Z');
    expect(portQuarterStart(d('2026-09-30T23:59:59+07:00')).toISOString()).toBe('2026-06-30T17:00:00.000Z');
    expect(portQuarterEnd(d('2026-11-01T00:00:00+07:00')).toISOString()).toBe('2026-12-31T16:59:59.999Z');
    expect(portYearEnd(d('2026-06-01T00:00:00+07:00')).toISOString()).toBe('2026-12-31T16:59:59.999Z');
  });

  it('adds whole days', () => {
    expect(portDayKey(addPortDays(d('2028-02-28T23:30:00+07:00'), 1))).toBe('2028-02-29');
    expect(portDayKey(addPortDays(d('2028-02-28T23:30:00+07:00'), 2))).toBe('2028-03-01');
    expect(portDayKey(addPortDays(d('2026-01-01T00:00:00+07:00'), -1))).toBe('2025-12-31');
  });

  it("writes the spec's formats in port time", () => {
    const at = d('2026-03-05T17:04:09Z'); // 06/03/2026 00:04:09 in the port
    expect(formatPortTime(at, portFormats.date)).toBe('06/03/2026');
    expect(formatPortTime(at, portFormats.dateTimeMinutes)).toBe('06/03/2026 00:04');
    expect(formatPortTime(at, portFormats.dateTime)).toBe('06/03/2026 00:04:09');
    expect(formatPortTime(at, portFormats.timeDate)).toBe('00:04 06/03/2026');
    expect(formatPortTime(at, portFormats.isoDateTime)).toBe('2026-03-06 00:04:09');
    expect(formatPortTime(at, portFormats.time)).toBe('00:04:09');
  });

  it('reads them back, and refuses what is not a real moment', () => {
    expect(parsePortTime('29/02/2028', portFormats.date)?.toISOString()).toBe('2028-02-28T17:00:00.000Z');
    expect(parsePortTime('29/02/2026', portFormats.date)).toBeNull();
    expect(parsePortTime('31/04/2026 10:00', portFormats.dateTimeMinutes)).toBeNull();
    expect(parsePortTime('01/04/2026 24:00', portFormats.dateTimeMinutes)).toBeNull();
    expect(parsePortTime('2026-04-01 10:00:60', portFormats.isoDateTime)).toBeNull();
    expect(parsePortTime('2026-04-01 10:00:59', portFormats.isoDateTime)?.toISOString()).toBe('2026-04-01T03:00:59.000Z');
    expect(parsePortTime('2026-04-01', portFormats.isoDateTime)).toBeNull();
    expect(parsePortTime(' 1/4/2026  7:05 ', portFormats.dateTimeMinutes, { loose: true })?.toISOString()).toBe('2026-04-01T00:05:00.000Z');
    expect(parsePortTime(' 1/4/2026', portFormats.date)).toBeNull();
    expect(portInstantChecked(50, 1, 1)).toBeNull();
  });

  it('round-trips every instant to the second through each format with a time', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const at = new Date(Math.floor(ms / 1000) * 1000);
        for (const f of [portFormats.dateTime, portFormats.isoDateTime]) {
          expect(parsePortTime(formatPortTime(at, f), f)?.getTime()).toBe(at.getTime());
        }
        const p = portParts(at);
        expect(portInstant(p.year, p.month, p.day, p.hour, p.minute, p.second).getTime()).toBe(at.getTime());
        expect(portDayStart(at).getTime() + PORT_OFFSET_MS).toBe(portDayNumber(at) * 86_400_000);
      }),
    );
  });
});
