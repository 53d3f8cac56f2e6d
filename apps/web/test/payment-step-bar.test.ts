import { describe, expect, it } from 'vitest';
import { cardFieldProblem, firstCardProblem } from '../src/features/payments/card-rules';
import { stepBar } from '../src/features/payments/step-bar';

describe('payment dialog step bar', () => {
  it('shows a failed payment as failure on the payment step, ticking nothing', () => {
    expect(stepBar({ kind: 'error', failedStep: 'payment' })).toEqual({ current: 0, status: 'error', lastIsError: true });
    expect(stepBar({ kind: 'error', failedStep: 'before' })).toMatchObject({ current: 0, status: 'error' });
  });
  it('shows a failed invoice on the invoice step: only the payment is ticked', () => {
    expect(stepBar({ kind: 'error', failedStep: 'invoice' })).toEqual({ current: 1, status: 'error', lastIsError: true });
  });
  it('ticks everything only on success', () => {
    expect(stepBar({ kind: 'success' })).toEqual({ current: 2, status: 'finish', lastIsError: false });
    expect(stepBar({ kind: 'pay' })).toMatchObject({ current: 0, status: 'process' });
    expect(stepBar({ kind: 'invoice' })).toMatchObject({ current: 1, status: 'process' });
  });
});

describe('card form errors', () => {
  const empty = { number: '', date: '', name: '' };
  it('names the first problem, and the field stops being a problem once corrected', () => {
    expect(firstCardProblem(empty)).toEqual({ field: 'number', problem: 'missing' });
    const typed = { number: '9704180000123456', date: '13/2', name: 'A' };
    expect(firstCardProblem(typed)).toEqual({ field: 'date', problem: 'badDate' });
    expect(cardFieldProblem('date', { ...typed, date: '03/24' })).toBeNull();
    expect(firstCardProblem({ ...typed, date: '03/24' })).toBeNull();
    expect(cardFieldProblem('name', { ...typed, name: '   ' })).toBe('missing');
  });
});
