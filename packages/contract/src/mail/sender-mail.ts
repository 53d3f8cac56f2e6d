import { z } from 'zod';
import { defineSettingsForm } from '../settings-form/settings-form';

/**
 * Spec 03 §5: sender mail save needs, in order, host, port, user and pass; the terminal config's
 * mail block and its Test mail use the same four messages.
 */
export const mailServerMessages = {
  host: 'Vui lòng nhập host!',
  port: 'Vui lòng nhập port !',
  user: 'Vui lòng nhập tên đăng nhập !',
  pass: 'Vui lòng nhập mật khẩu !',
} as const;

/** A TCP port as a number or its digits. */
export const portNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, 'Port phải là số nguyên từ 1 đến 65535'),
  ])
  .transform(Number)
  .pipe(
    z
      .number()
      .int('Port phải là số nguyên từ 1 đến 65535')
      .min(1, 'Port phải là số nguyên từ 1 đến 65535')
      .max(65535, 'Port phải là số nguyên từ 1 đến 65535'),
  );

/** 'TLS (no/yes)' (spec 03 §2.4): 1 or 0 on the wire; true/false and '1'/'0' read the same. */
export const tlsFlag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: 'TLS phải là 1 (có) hoặc 0 (không)' })
  .transform((v): 0 | 1 => (v === 1 || v === '1' || v === true ? 1 : 0));

export const mailServerFields = {
  host: z.string({ error: 'Host phải là chuỗi ký tự' }).trim().max(255, 'Host tối đa 255 ký tự'),
  port: portNumber,
  user: z.string({ error: 'Tên đăng nhập phải là chuỗi ký tự' }).trim().max(255, 'Tên đăng nhập tối đa 255 ký tự'),
  // A password is kept exactly as typed (no trimming).
  pass: z.string({ error: 'Mật khẩu phải là chuỗi ký tự' }).max(255, 'Mật khẩu tối đa 255 ký tự'),
  tls: tlsFlag,
};

/**
 * The get payload as spec 03 §3/§7 shapes sender mail (`host, port, auth.user, auth.pass,
 * tls.rejectUnauthorized`); `tls` 1 (Có) is `rejectUnauthorized: true`.
 */
export const mailConfigPayload = z.object({
  host: z.string(),
  port: z.number().nullable(),
  auth: z.object({ user: z.string(), pass: z.string() }),
  tls: z.object({ rejectUnauthorized: z.boolean() }),
});
export type MailConfigPayload = z.infer<typeof mailConfigPayload>;

/** 'Mail gửi' (spec 03 §2.4, /config/mail_config): the account the portal sends mail from. */
export const senderMail = defineSettingsForm({
  name: 'mail_config',
  module: 'mail',
  title: 'Mail gửi',
  menu: 'CFG_MAIL',
  fields: mailServerFields,
  defaults: { host: '', user: '', pass: '', tls: 0 },
  // The password goes only to the server and account it was saved for.
  secrets: [{ path: 'pass', boundTo: ['host', 'port', 'user'] }],
  required: [
    { field: 'host', message: mailServerMessages.host },
    { field: 'port', message: mailServerMessages.port },
    { field: 'user', message: mailServerMessages.user },
    { field: 'pass', message: mailServerMessages.pass },
  ],
  form: [
    { name: 'host', label: 'Host', kind: 'text' },
    { name: 'port', label: 'Port', kind: 'number' },
    {
      name: 'tls',
      label: 'TLS',
      kind: 'select',
      options: [
        { value: 0, label: 'Không' },
        { value: 1, label: 'Có' },
      ],
    },
    { name: 'user', label: 'Tên đăng nhập', kind: 'text' },
    { name: 'pass', label: 'Mật khẩu', kind: 'password' },
  ],
  confirmSave: true,
  payload: {
    schema: mailConfigPayload,
    fromValues: (v) => ({
      host: v.host ?? '',
      port: v.port ?? null,
      auth: { user: v.user ?? '', pass: v.pass ?? '' },
      tls: { rejectUnauthorized: v.tls === 1 },
    }),
    toValues: (p) => ({
      host: p.host,
      ...(p.port == null ? {} : { port: p.port }),
      user: p.auth.user,
      pass: p.auth.pass,
      tls: p.tls.rejectUnauthorized ? (1 as const) : (0 as const),
    }),
  },
  get: {
    name: 'getMailConfig',
    path: 'config/getMailConfig',
    summary: 'Mail gửi: host, port, auth (user, pass che bằng ********), tls',
  },
  save: {
    name: 'saveMailConfig',
    path: 'config/saveMailConfig',
    summary: 'Lưu mail gửi {host, port, user, pass, tls 1/0}; pass = ******** giữ mật khẩu đã lưu',
  },
});
