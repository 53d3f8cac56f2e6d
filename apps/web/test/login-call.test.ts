import { calls } from '@smartport/contract';
import { expect, it } from 'vitest';
import { loginCall } from '../src/features/auth/api';

// The login page sends auth/login from a schema-free copy of the call (so /login loads neither zod nor the contract):
// it must stay the contract's call.
it("the login page's auth/login is the contract's call", () => {
  expect(loginCall.path).toBe(calls.auth.login.path);
  expect(loginCall.access).toEqual(calls.auth.login.access);
  expect(calls.auth.login.multipart).toBeFalsy();
});
