import { describe, expect, it } from 'vitest';
import { type CallDef, calls } from '../src';

/** Every call as `calls.<key>.<name>` with the module it declares. */
const entries = Object.entries(calls).flatMap(([key, group]) =>
  Object.entries(group as Record<string, CallDef>).map(([name, call]) => ({ at: `calls.${key}.${name}`, key, module: call.module })),
);

/** Calls allowed under another module's key for a stated reason (none today); a stale entry fails below. */
const knownMisplaced: readonly string[] = [];

describe('one name per module in the call table (packages/contract/src/index.ts)', () => {
  it('files every call under the module it declares: calls.<m>.<name>.module is <m>', () => {
    const misplaced = entries
      .filter((e) => e.module !== e.key && !knownMisplaced.includes(e.at))
      .map((e) => `${e.at} has module '${e.module}'`);
    expect(misplaced, 'a call whose module: differs from its key in calls; declare it under calls.<its module>').toEqual([]);
  });

  it('lists in knownMisplaced only calls that are still misplaced (remove an entry once its call has moved)', () => {
    const stillMisplaced = new Set(entries.filter((e) => e.module !== e.key).map((e) => e.at));
    expect(knownMisplaced.filter((at) => !stillMisplaced.has(at))).toEqual([]);
  });

  it('reads every call of every module (the check above is not vacuous)', () => {
    for (const [key, group] of Object.entries(calls)) expect(Object.keys(group).length, key).toBeGreaterThan(0);
    expect(entries.length).toBeGreaterThan(50);
  });
});
