import { APPROVAL_ALL, type ApprovalRow, approvalMessages, parseReffCode } from '@smartport/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { CONFIG_DATE_TIME } from '../../lib/format';

/** The approval screen's filters (spec 03 §2.4): operator, payee (the customer), payment type, the period. */
export interface ApprovalFilters {
  OperationCode: string | null;
  MoneyCredit: string | null;
  CustomerCode: string | null;
  FromDate: Dayjs | null;
  ToDate: Dayjs | null;
}

/**
 * Operator and payee start unchosen (the load asks for them); the payment type starts at 'Tất cả' (spec 03 §5 names no
 * message for it: it always has a value); the period is today (as the free-day screen).
 */
export const initialFilters = (now = dayjs()): ApprovalFilters => ({
  OperationCode: null,
  MoneyCredit: APPROVAL_ALL,
  CustomerCode: null,
  FromDate: now.startOf('day'),
  ToDate: now.endOf('day'),
});

export const FROM_FORMAT = CONFIG_DATE_TIME;
/** Spec 03 §9: the expiry is shown as 23:59:59 (end of day at save). */
export const TO_FORMAT = 'YYYY-MM-DD 23:59:59';

/** The filter a load's check stops at: it is focused and marked with the message. */
export type FilterField = 'OperationCode' | 'CustomerCode' | 'MoneyCredit' | 'FromDate' | 'ToDate';

/**
 * The load's check (spec 03 §5): an operator unless all, then a payee (the customer) unless all, then the payment type
 * and the dates; the field and its message, or null when fine.
 */
export function missingFilter(f: ApprovalFilters): { field: FilterField; message: string } | null {
  if (!f.OperationCode) return { field: 'OperationCode', message: approvalMessages.operator };
  if (!f.CustomerCode) return { field: 'CustomerCode', message: approvalMessages.payee };
  if (!f.MoneyCredit) return { field: 'MoneyCredit', message: approvalMessages.moneyCreditMissing };
  if (!f.FromDate) return { field: 'FromDate', message: approvalMessages.fromDate };
  if (!f.ToDate) return { field: 'ToDate', message: approvalMessages.toDate };
  return null;
}

/** The request for config/getApprovalJobMode (and the scope of every save from the rows loaded with it). */
export function scopeBody(f: ApprovalFilters, terminal: string | null) {
  return {
    OperationCode: f.OperationCode ?? '',
    MoneyCredit: f.MoneyCredit ?? '',
    CustomerCode: f.CustomerCode ?? '',
    FromDate: f.FromDate ? f.FromDate.startOf('day').format(FROM_FORMAT) : '',
    ToDate: f.ToDate ? f.ToDate.format(TO_FORMAT) : '',
    ...(terminal ? { TerminalCode: terminal } : {}),
  };
}

/** A picked reff group code → the filters it stands for, or null when it is not one. */
export function filtersOfReff(code: string): ApprovalFilters | null {
  const r = parseReffCode(code);
  if (!r) return null;
  return {
    OperationCode: r.OperationCode,
    CustomerCode: r.CustomerCode,
    MoneyCredit: r.MoneyCredit,
    FromDate: dayjs(r.FromDate),
    ToDate: dayjs(r.ToDate),
  };
}

export type Switch = 'IsUnApproval' | 'IsApproval';

/** One switch toggled (spec 03 §4): turning one on turns the other off. */
export function toggled(row: ApprovalRow, which: Switch, on: boolean): ApprovalRow {
  const other: Switch = which === 'IsApproval' ? 'IsUnApproval' : 'IsApproval';
  return { ...row, [which]: on, ...(on ? { [other]: false } : {}) };
}

export { APPROVAL_ALL };
