import { describe, expect, it } from 'vitest';
import { clientCallData } from '../gen-client-calls';
import { calls } from '../src';
import { clientCalls } from '../src/client-calls';

describe("the web's schema-free call table (src/client-calls.ts)", () => {
  it('is `calls` reduced to path and access kind (regenerate it: npx tsx packages/contract/gen-client-calls.ts)', () => {
    expect(JSON.parse(JSON.stringify(clientCalls))).toEqual(clientCallData(calls));
  });

  it('carries no schema', () => {
    for (const group of Object.values(clientCalls))
      for (const call of Object.values(group)) expect(Object.keys(call).sort()).toEqual(['access', 'path']);
  });
});
