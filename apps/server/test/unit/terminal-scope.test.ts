import { PgDialect, pgTable, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/http/context';
import { AppError } from '../../src/http/errors';
import { assertTerminal, inOrderScope, inTerminals, orderScope, orderScopeText, scopeTerminals } from '../../src/security/terminal-scope';

const user = (terminals: string[], CustomerCode: string | null = 'C0000001'): AuthUser => ({
  UserID: 'khachhang',
  UserName: 'Đỗ Thị Mai Anh',
  UserGroupCode: 'CUSTOMER',
  UserGroupName: 'Khách hàng',
  Rank: 10,
  terminals,
  CustomerCode,
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

describe('orderScope: whose orders (and payments) a caller reaches', () => {
  it("is a customer's terminals and its own customer code", () => {
    expect(orderScope(user(['NDP', 'NDV']))).toEqual({ terminals: ['NDP', 'NDV'], customerCode: 'C0000001' });
  });

  it("is every customer's orders of a staff member's terminals (no customer code)", () => {
    expect(orderScope(user(['NDP'], null))).toEqual({ terminals: ['NDP'], customerCode: null });
  });

  it('holds a copy of the terminal list', () => {
    const u = user(['NDP']);
    (orderScope(u).terminals as string[]).push('GML');
    expect(u.terminals).toEqual(['NDP']);
  });
});

describe('inOrderScope (Drizzle sql)', () => {
  const render = (terminals: string[], customerCode: string | null, alias?: string) =>
    new PgDialect().sqlToQuery(inOrderScope({ terminals, customerCode }, alias));

  it('limits a customer to its terminals and its customer code, all as bound parameters', () => {
    const q = render(['NDP', 'NDV'], 'C0000001');
    expect(q.sql).toBe('(o.terminal_code in ($1, $2) and o.customer_code = $3)');
    expect(q.params).toEqual(['NDP', 'NDV', 'C0000001']);
  });

  it('limits staff to their terminals only', () => {
    const q = render(['NDP'], null, 'ord');
    expect(q.sql).toBe('ord.terminal_code in ($1)');
    expect(q.params).toEqual(['NDP']);
  });

  it('matches no row without terminals, whoever asks', () => {
    for (const code of [null, 'C0000001']) {
      const q = render([], code);
      expect(q.sql).toBe('false');
      expect(q.params).toEqual([]);
    }
  });

  it('refuses an alias that is not a plain identifier (it is written into the SQL text)', () => {
    expect(() => render(['NDP'], null, 'o; drop table orders')).toThrow('bad table alias');
  });
});

describe('orderScopeText (plain parameterised SQL)', () => {
  it('appends its values after the parameters already there and refers to them by position', () => {
    const params: unknown[] = ['first'];
    const text = orderScopeText({ terminals: ['NDP', 'NDV'], customerCode: 'C0000001' }, params);
    expect(text).toBe('(o.terminal_code = any($2::text[]) and o.customer_code = $3::text)');
    expect(params).toEqual(['first', ['NDP', 'NDV'], 'C0000001']);
  });

  it('limits staff to their terminals only', () => {
    const params: unknown[] = [];
    expect(orderScopeText({ terminals: ['NDP'], customerCode: null }, params, 'x')).toBe('x.terminal_code = any($1::text[])');
    expect(params).toEqual([['NDP']]);
  });

  it('matches no row without terminals and adds no parameter', () => {
    const params: unknown[] = [];
    expect(orderScopeText({ terminals: [], customerCode: 'C0000001' }, params)).toBe('false');
    expect(params).toEqual([]);
  });

  it('refuses an alias that is not a plain identifier', () => {
    expect(() => orderScopeText({ terminals: ['NDP'], customerCode: null }, [], 'o--')).toThrow('bad table alias');
  });
});
