import { calls } from '@smartport/contract';
import { expect, it } from 'vitest';
import { accountCalls, loginCall, loginTotpCall } from '../src/features/auth/api';

// The login page sends auth/login from a schema-free copy of the call (so /login loads neither zod nor the contract):
// it must stay the contract's call.
it("the login page's auth/login is the contract's call", () => {
  expect(loginCall.path).toBe(calls.auth.login.path);
  expect(loginCall.access).toEqual(calls.auth.login.access);
  expect(calls.auth.login.multipart).toBeFalsy();
});

it("the login page's auth/login/totp is the contract's call", () => {
  expect(loginTotpCall.path).toBe(calls.auth.loginTotp.path);
  expect(loginTotpCall.access).toEqual(calls.auth.loginTotp.access);
});

it("the profile's and sessions screen's calls are the contract's calls", () => {
  for (const [name, call] of Object.entries(accountCalls)) {
    const def = calls.auth[name as keyof typeof accountCalls];
    expect(call.path, name).toBe(def.path);
    expect(call.access.kind, name).toBe(def.access.kind);
  }
});
