import { SECRET_MASK, senderMail } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { formValues, isMasked, missingField, saveBody } from '../src/components/settings-form/settings-form-values';

describe('settings form values (sender mail, spec 03 §2.4)', () => {
  it('starts from the defaults when nothing is stored', () => {
    expect(formValues(senderMail, undefined)).toEqual({ host: '', user: '', pass: '', tls: 0 });
    expect(formValues(senderMail, { host: '', port: null, auth: { user: '', pass: '' }, tls: { rejectUnauthorized: false } })).toEqual({
      host: '',
      user: '',
      pass: '',
      tls: 0,
    });
  });

  it('reads the nested payload into the form and shows a stored password as the mask', () => {
    const values = formValues(senderMail, {
      host: 'mail.smartport.vn',
      port: 587,
      auth: { user: 'noreply', pass: SECRET_MASK },
      tls: { rejectUnauthorized: true },
    });
    expect(values).toEqual({ host: 'mail.smartport.vn', port: 587, user: 'noreply', pass: SECRET_MASK, tls: 1 });
    expect(isMasked(values.pass)).toBe(true);
  });

  it('sends the flat body of spec 03 §7 {host, port, user, pass, tls}, the untouched mask included', () => {
    expect(saveBody(senderMail, { host: 'h', port: 25, user: 'u', pass: SECRET_MASK, tls: 1, extra: 'x' })).toEqual({
      host: 'h',
      port: 25,
      user: 'u',
      pass: SECRET_MASK,
      tls: 1,
    });
    // A cleared number input is null: sent as null (the server reads it as missing).
    expect(saveBody(senderMail, { host: 'h', port: null })).toEqual({ host: 'h', port: null });
  });

  it('names the first blank required field in the spec order, one at a time', () => {
    const steps: [Record<string, unknown>, string | null][] = [
      [{ host: '', port: null, user: '', pass: '' }, 'Vui lòng nhập host!'],
      [{ host: 'h', port: null, user: '', pass: '' }, 'Vui lòng nhập port !'],
      [{ host: 'h', port: 25, user: ' ', pass: '' }, 'Vui lòng nhập tên đăng nhập !'],
      [{ host: 'h', port: 25, user: 'u', pass: '' }, 'Vui lòng nhập mật khẩu !'],
      [{ host: 'h', port: 25, user: 'u', pass: SECRET_MASK }, null],
    ];
    for (const [values, message] of steps) expect(missingField(senderMail, values)?.message ?? null).toBe(message);
  });
});
