import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, SECRET_MASK, senderMail, settingsForms } from '../src';
import { defineSettingsForm, firstMissing, isBlank } from '../src/settings-form/settings-form';

describe('a settings form declaration', () => {
  it('derives its two calls under the spec names, in its module (mail), granted by its menu entry', () => {
    expect(senderMail.get.path).toBe('config/getMailConfig');
    expect(senderMail.save.path).toBe('config/saveMailConfig');
    expect(calls.mail.getMailConfig).toBe(senderMail.get);
    expect(calls.mail.saveMailConfig).toBe(senderMail.save);
    for (const call of [senderMail.get, senderMail.save]) {
      expect(call.module).toBe('mail');
      expect(call.access).toEqual({ kind: 'menu', anyOf: ['CFG_MAIL'] });
    }
  });

  it('puts every declared form in calls.<its module>', () => {
    for (const form of settingsForms) {
      const group = (calls as Record<string, Record<string, unknown>>)[form.module];
      expect(group?.[form.getName]).toBe(form.get);
      expect(group?.[form.saveName]).toBe(form.save);
    }
  });

  it('declares only fields it has as required, secret or shown', () => {
    for (const form of settingsForms) {
      const fields = Object.keys(form.values.shape);
      for (const r of form.required) expect(fields).toContain(r.field);
      for (const s of form.secrets) expect(fields).toContain(s.split('.')[0]);
      for (const f of form.form) expect(fields).toContain(f.name);
    }
  });
});

describe('sender mail (spec 03 §2.4, §5)', () => {
  it('has the four required messages in the spec order', () => {
    expect(senderMail.required.map((r) => [r.field, r.message])).toEqual([
      ['host', 'Vui lòng nhập host!'],
      ['port', 'Vui lòng nhập port !'],
      ['user', 'Vui lòng nhập tên đăng nhập !'],
      ['pass', 'Vui lòng nhập mật khẩu !'],
    ]);
    expect(senderMail.secrets).toEqual(['pass']);
  });

  it('shows host, port, TLS (Không/Có), user and a password field', () => {
    expect(senderMail.form.map((f) => `${f.name}:${f.kind}`)).toEqual([
      'host:text',
      'port:number',
      'tls:select',
      'user:text',
      'pass:password',
    ]);
    expect(senderMail.form.find((f) => f.name === 'tls')?.options).toEqual([
      { value: 0, label: 'Không' },
      { value: 1, label: 'Có' },
    ]);
  });

  it('reads a save body: blanks as missing, port digits as a number, tls 1/0, the password untrimmed', () => {
    const parse = (body: unknown) => senderMail.save.request.parse(body);
    expect(parse(undefined)).toEqual({});
    expect(parse({ host: ' ', port: '', user: null, pass: '', tls: '1' })).toEqual({ tls: 1 });
    expect(parse({ host: ' mail.vn ', port: '587', user: 'u', pass: ' p ', tls: false })).toEqual({
      host: 'mail.vn',
      port: 587,
      user: 'u',
      pass: ' p ',
      tls: 0,
    });
    expect(senderMail.save.request.safeParse({ port: 'abc' }).success).toBe(false);
    expect(senderMail.save.request.safeParse({ port: 70000 }).success).toBe(false);
    expect(senderMail.save.request.safeParse({ tls: 2 }).success).toBe(false);
  });

  it('answers the nested payload of spec 03 §7 and reads it back into the form values', () => {
    const values = { host: 'mail.vn', port: 25, user: 'u', pass: SECRET_MASK, tls: 1 };
    const payload = senderMail.toPayload(values);
    expect(payload).toEqual({ host: 'mail.vn', port: 25, auth: { user: 'u', pass: SECRET_MASK }, tls: { rejectUnauthorized: true } });
    expect(senderMail.get.response.parse({ success: true, payload })).toBeTruthy();
    expect(senderMail.fromPayload(payload)).toEqual(values);
    expect(senderMail.fromPayload(senderMail.toPayload(senderMail.defaults))).toEqual({ host: '', user: '', pass: '', tls: 0 });
  });
});

describe('required checks', () => {
  it('reads null, undefined, empty and spaces as missing; 0 and false as given', () => {
    for (const v of [null, undefined, '', '   ']) expect(isBlank(v)).toBe(true);
    for (const v of [0, false, 'a', SECRET_MASK]) expect(isBlank(v)).toBe(false);
  });

  it('answers the first missing field in the declared order, whatever the order of the values', () => {
    expect(firstMissing(senderMail, {})?.message).toBe('Vui lòng nhập host!');
    expect(firstMissing(senderMail, { pass: 'x', user: 'u', host: 'h' })?.message).toBe('Vui lòng nhập port !');
    expect(firstMissing(senderMail, { host: 'h', port: 0, pass: 'x' })?.message).toBe('Vui lòng nhập tên đăng nhập !');
    expect(firstMissing(senderMail, { host: 'h', port: 1, user: 'u', pass: SECRET_MASK })).toBeNull();
  });

  it('has none for a form without required fields (alert mail, main config)', () => {
    const alertLike = defineSettingsForm({
      name: 'alert_like',
      module: 'connectionAlerts',
      title: 'Mail cảnh báo kết nối',
      menu: 'CFG_ALERT_MAIL',
      fields: { alert_vnpt_mail: z.string() },
      defaults: {},
      secrets: [],
      required: [],
      form: [{ name: 'alert_vnpt_mail', label: 'VNPT', kind: 'text' }],
      confirmSave: true,
      get: { name: 'getAlertLike', path: 'config/getAlertLike', summary: '' },
      save: { name: 'saveAlertLike', path: 'config/saveAlertLike', summary: '' },
    });
    expect(firstMissing(alertLike, {})).toBeNull();
    // Without a payload map the get answers the values themselves.
    expect(alertLike.toPayload({ alert_vnpt_mail: 'a@b.vn' })).toEqual({ alert_vnpt_mail: 'a@b.vn' });
    expect(alertLike.calls.getAlertLike.path).toBe('config/getAlertLike');
  });
});
