import { describe, expect, it } from 'vitest';
import { isoContainerNo, lastDay, pinCode, portDate, requiredPortDate, sellerTaxCode, taxCode, vndAmount } from '../src/fields';
import { containerNumber } from '../src/orders/containers';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('shared fields', () => {
  it('tax code: required, 20 characters, digits and dashes', () => {
    expect(taxCode.parse(' 0301234567-001 ')).toBe('0301234567-001');
    expect(message(taxCode.safeParse(''))).toBe('Vui lòng nhập mã số thuế');
    expect(message(taxCode.safeParse(undefined))).toBe('Vui lòng nhập mã số thuế');
    expect(message(taxCode.safeParse('1'.repeat(21)))).toBe('Mã số thuế tối đa 20 ký tự');
    expect(message(taxCode.safeParse('03A'))).toBe('Mã số thuế chỉ gồm chữ số và dấu gạch ngang');
  });

  it("seller's tax code: empty is none; otherwise the shapes the e-invoice provider takes", () => {
    expect(sellerTaxCode.parse('')).toBeNull();
    expect(sellerTaxCode.parse(null)).toBeNull();
    for (const ok of ['0201776543', '0201776543-002', '020177654312']) expect(sellerTaxCode.parse(` ${ok} `)).toBe(ok);
    expect(message(sellerTaxCode.safeParse('03A'))).toBe('Mã số thuế chỉ gồm chữ số và dấu gạch ngang');
    expect(message(sellerTaxCode.safeParse('1'.repeat(21)))).toBe('Mã số thuế tối đa 20 ký tự');
    for (const bad of ['020177654', '02017-76543', '0201776543-02', '0201776543001'])
      expect(message(sellerTaxCode.safeParse(bad))).toBe(
        'Mã số thuế người bán gồm 10 chữ số, 10 chữ số kèm mã chi nhánh (-3 chữ số) hoặc 12 chữ số',
      );
  });

  it('container number: ISO 6346 with its check digit, normalised', () => {
    const good = containerNumber('MSCU', 261001);
    expect(isoContainerNo.parse(`${good.slice(0, 4)} ${good.slice(4).toLowerCase()}`)).toBe(good);
    const wrongDigit = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    expect(message(isoContainerNo.safeParse(wrongDigit))).toMatch(/số kiểm tra|check/i);
    expect(message(isoContainerNo.safeParse(''))).toBe('Vui lòng nhập số container');
  });

  it('PIN, money and dates keep their messages', () => {
    expect(message(pinCode.safeParse(' '))).toBe('Mã PIN không được để trống');
    expect(message(pinCode.safeParse('1'.repeat(31)))).toBe('Mã PIN tối đa 30 ký tự');
    expect(vndAmount('Thiếu tổng tiền').parse('125000')).toBe(125000);
    expect(message(vndAmount('Thiếu tổng tiền').safeParse(undefined))).toBe('Thiếu tổng tiền');
    expect(vndAmount('x').safeParse(-1).success).toBe(false);
    expect(message(portDate('Ngày bắt đầu').safeParse('not a date'))).toBe('Ngày bắt đầu không hợp lệ');
    expect(message(requiredPortDate('Ngày hiệu lực').safeParse(undefined))).toBe('Vui lòng nhập ngày hiệu lực');
  });
});

describe('lastDay', () => {
  const day = lastDay('Vui lòng chọn ngày', 'Ngày không hợp lệ (YYYY-MM-DD)');
  it('takes a day of the calendar', () => {
    expect(day.parse(' 2028-02-29 ')).toBe('2028-02-29');
    expect(day.parse('2026-12-31')).toBe('2026-12-31');
  });
  it('refuses a shape without a day, with the format message', () => {
    for (const bad of ['2020-99-99', '2026-02-29', '2026-04-31', '2026-00-10', '26-1-1', 'abc']) {
      const r = day.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Ngày không hợp lệ (YYYY-MM-DD)');
    }
  });
});
