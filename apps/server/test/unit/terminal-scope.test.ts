import { PgDialect, pgTable, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/http/context';
import { AppError } from '../../src/http/errors';
import { assertTerminal, inTerminals, scopeTerminals } from '../../src/security/terminal-scope';

const user = (terminals: string[]): AuthUser => ({
  UserID: 'khachhang',
  UserName: 'Đỗ Thị Mai Anh',
  UserGroupCode: 'CUSTOMER',
  UserGroupName: 'Khách hàng',
  Rank: 10,
  terminals,
  CustomerCode: 'C0000001',
  Email: null,
  grants: new Set(),
  jti: 'j',
});

describe('scopeTerminals', () => {
  const staff = user(['NDP', 'NDV', 'NHP']);

  it("answers the user's own terminals when none is asked for", () => {
    for (const none of [undefined, null, '', [] as string[]]) expect(scopeTerminals(staff, none)).toEqual(['NDP', 'NDV', 'NHP']);
  });

  it('answers a copy, so a caller cannot change the user', () => {
    const scoped = scopeTerminals(staff);
    scoped.push('GML');
    expect(staff.terminals).toEqual(['NDP', 'NDV', 'NHP']);
  });

  it("keeps only the asked terminals that are the user's, from a comma list or an array", () => {
    expect(scopeTerminals(staff, 'NDV')).toEqual(['NDV']);
    expect(scopeTerminals(staff, 'NHP,GML,NDP')).toEqual(['NDP', 'NHP']);
    expect(scopeTerminals(staff, ['GML', 'NDV'])).toEqual(['NDV']);
  });

  it('reads codes regardless of case and spaces', () => {
    expect(scopeTerminals(staff, ' ndp , nhp ')).toEqual(['NDP', 'NHP']);
  });

  it("answers nothing when only other users' terminals are asked for (never widens the scope)", () => {
    expect(scopeTerminals(staff, 'GML')).toEqual([]);
    expect(scopeTerminals(staff, ',')).toEqual([]);
    expect(scopeTerminals(staff, '%')).toEqual([]);
    expect(scopeTerminals(user([]), 'NDP')).toEqual([]);
    expect(scopeTerminals(user([]))).toEqual([]);
  });
});

describe('inTerminals', () => {
  const t = pgTable('terminals', { TerminalCode: varchar('terminal_code', { length: 10 }) });
  const render = (terminals: string[]) => new PgDialect().sqlToQuery(inTerminals(t.TerminalCode, terminals));

  it('limits the column to the given terminals as bound parameters', () => {
    const q = render(['NDP', 'GML']);
    expect(q.sql).toBe('"terminals"."terminal_code" in ($1, $2)');
    expect(q.params).toEqual(['NDP', 'GML']);
  });

  it('matches no row for an empty list (never "no condition")', () => {
    const q = render([]);
    expect(q.sql).toBe('false');
    expect(q.params).toEqual([]);
  });
});

describe('assertTerminal', () => {
  const customer = user(['NDP']);

  it("passes for the user's own terminal, in any case", () => {
    expect(() => assertTerminal(customer, 'NDP')).not.toThrow();
    expect(() => assertTerminal(customer, ' ndp ')).not.toThrow();
  });

  it('refuses another terminal with 403 and a Vietnamese message naming it', () => {
    let error: unknown;
    try {
      assertTerminal(customer, 'GML');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(403);
    expect((error as AppError).message).toBe('Bạn không có quyền trên cảng GML.');
  });
});
