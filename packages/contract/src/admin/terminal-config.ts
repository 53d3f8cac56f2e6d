import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { int4Field } from '../fields';
import { mailServerFields, mailServerMessages, portNumber, tlsFlag } from '../mail/sender-mail';
import { optionalBody, plainReply } from '../reply';
import { defineSettingsForm, SECRET_MASK } from '../settings-form/settings-form';

/** Spec 03 §8: the terminal config's messages. */
export const terminalConfigMessages = {
  ...mailServerMessages,
  saveFailed: 'Lỗi',
  tosOk: 'Có thể kết nối !',
  tosFailed: (message: string) => `Không thể kết nối : ${message}`,
  mailSent: 'Đã gửi mail !',
  mailFailed: (message: string) => `Không thể gửi mail : ${message}`,
  inUse: 'đang sử dụng',
  /** Project wording (the spec gives none): a TOS connection block left incomplete. */
  tosIncomplete: (n: number) => `Kết nối TOS ${n}: vui lòng nhập đầy đủ host, port, tên đăng nhập, mật khẩu !`,
  currentApi: 'Kết nối TOS đang sử dụng không tồn tại !',
  testTo: 'Vui lòng nhập mail nhận !',
} as const;

/** One TOS connection block (spec 03 §3 ApiConfig item: host, port, user, pass). */
export const tosConnection = z.object({
  host: z.string({ error: 'Host TOS phải là chuỗi ký tự' }).trim().max(255, 'Host TOS tối đa 255 ký tự').default(''),
  port: z.union([portNumber, z.literal(''), z.null()]).optional(),
  user: z.string({ error: 'Tên đăng nhập TOS phải là chuỗi ký tự' }).trim().max(100, 'Tên đăng nhập TOS tối đa 100 ký tự').default(''),
  pass: z.string({ error: 'Mật khẩu TOS phải là chuỗi ký tự' }).max(200, 'Mật khẩu TOS tối đa 200 ký tự').default(''),
});
export type TosConnectionItem = z.output<typeof tosConnection>;

/** Spec 03 §3 TerminalConfig flags, as 0/1 on the wire (booleans read the same). */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'Giá trị bật/tắt phải là 0 hoặc 1' })
  .transform((v): 0 | 1 => (v === true || v === 1 || v === '1' ? 1 : 0));

/** RequireTotp: the administrators and staff (rank 1–2) of the terminal must sign in with a TOTP second factor. */
export const terminalFlagNames = ['AutoActiveUser', 'ImportPickupAllCont', 'DepotSelect', 'HolydaySelect', 'RequireTotp'] as const;
export type TerminalFlagName = (typeof terminalFlagNames)[number];
export type TerminalFlags = Record<TerminalFlagName, boolean>;

/** The get payload as spec 03 §3/§7 shape it: MailConfig (as sender mail's), TerminalConfig flags, ApiConfig list, CurrentApi index. */
export const terminalConfigPayload = z.object({
  TerminalCode: z.string().optional(),
  MailConfig: z.object({
    host: z.string(),
    port: z.number().nullable(),
    auth: z.object({ user: z.string(), pass: z.string() }),
    tls: z.object({ rejectUnauthorized: z.boolean() }),
  }),
  TerminalConfig: z.object({
    AutoActiveUser: z.boolean(),
    ImportPickupAllCont: z.boolean(),
    DepotSelect: z.boolean(),
    HolydaySelect: z.boolean(),
    RequireTotp: z.boolean(),
  }),
  ApiConfig: z.array(z.object({ host: z.string(), port: z.number().nullable(), user: z.string(), pass: z.string() })),
  CurrentApi: z.number().int(),
});
export type TerminalConfigPayload = z.infer<typeof terminalConfigPayload>;

/**
 * 'Cấu hình cảng' (spec 03 §2.5, /SystemManager/terminal_config), one record per terminal: the
 * general switches, the terminal's mail server and its TOS connections with the one in use. The
 * mail password and every TOS password are sealed at rest (`apilist.*.pass`: a masked password is
 * the stored one of the connection with the same host, port and user).
 */
export const terminalConfigForm = defineSettingsForm({
  name: 'terminal_config',
  title: 'Cấu hình cảng',
  menu: 'SYS_TERMINAL_CONFIG',
  module: 'admin',
  scope: 'terminal',
  fields: {
    AutoActiveUser: flag,
    ImportPickupAllCont: flag,
    DepotSelect: flag,
    HolydaySelect: flag,
    RequireTotp: flag,
    ...mailServerFields,
    apilist: z.array(tosConnection, { error: 'Danh sách kết nối TOS không hợp lệ' }).max(20, 'Tối đa 20 kết nối TOS'),
    CurrentApi: int4Field('Kết nối đang sử dụng', { min: 0, missing: 'Kết nối đang sử dụng phải là số' }),
  },
  defaults: {
    AutoActiveUser: 1,
    ImportPickupAllCont: 0,
    DepotSelect: 0,
    HolydaySelect: 0,
    RequireTotp: 0,
    host: '',
    user: '',
    pass: '',
    tls: 0,
    apilist: [],
    CurrentApi: 0,
  },
  secrets: [
    { path: 'pass', boundTo: ['host', 'port', 'user'] },
    { path: 'apilist.*.pass', boundTo: ['host', 'port', 'user'] },
  ],
  listKeys: { apilist: ['host', 'port', 'user'] },
  required: [
    { field: 'host', message: mailServerMessages.host },
    { field: 'port', message: mailServerMessages.port },
    { field: 'user', message: mailServerMessages.user },
    { field: 'pass', message: mailServerMessages.pass },
  ],
  check: (v) => {
    const list = v.apilist ?? [];
    const bad = list.findIndex((c) => !c.host || c.port == null || c.port === '' || !c.user || !c.pass);
    if (bad >= 0) return terminalConfigMessages.tosIncomplete(bad + 1);
    if (list.length && (v.CurrentApi ?? 0) >= list.length) return terminalConfigMessages.currentApi;
    return null;
  },
  form: [
    { name: 'AutoActiveUser', label: 'Tự động kích hoạt tài khoản sau khi tạo', kind: 'switch' },
    { name: 'ImportPickupAllCont', label: 'Lệnh giao cont hàng: giao tất cả container trong vận đơn', kind: 'switch' },
    { name: 'DepotSelect', label: 'Hiển thị chọn depot', kind: 'switch' },
    { name: 'HolydaySelect', label: 'Miễn lưu bãi ngày lễ', kind: 'switch' },
    { name: 'RequireTotp', label: 'Bắt buộc xác thực hai lớp (TOTP) cho quản trị viên và nhân viên cảng', kind: 'switch' },
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
    schema: terminalConfigPayload,
    fromValues: (v) => ({
      MailConfig: {
        host: v.host ?? '',
        port: v.port ?? null,
        auth: { user: v.user ?? '', pass: v.pass ?? '' },
        tls: { rejectUnauthorized: v.tls === 1 },
      },
      TerminalConfig: {
        AutoActiveUser: v.AutoActiveUser === 1,
        ImportPickupAllCont: v.ImportPickupAllCont === 1,
        DepotSelect: v.DepotSelect === 1,
        HolydaySelect: v.HolydaySelect === 1,
        RequireTotp: v.RequireTotp === 1,
      },
      ApiConfig: (v.apilist ?? []).map((c) => ({
        host: c.host,
        port: typeof c.port === 'number' ? c.port : null,
        user: c.user,
        pass: c.pass,
      })),
      CurrentApi: v.CurrentApi ?? 0,
    }),
    toValues: (p) => ({
      AutoActiveUser: p.TerminalConfig.AutoActiveUser ? (1 as const) : (0 as const),
      ImportPickupAllCont: p.TerminalConfig.ImportPickupAllCont ? (1 as const) : (0 as const),
      DepotSelect: p.TerminalConfig.DepotSelect ? (1 as const) : (0 as const),
      HolydaySelect: p.TerminalConfig.HolydaySelect ? (1 as const) : (0 as const),
      RequireTotp: p.TerminalConfig.RequireTotp ? (1 as const) : (0 as const),
      host: p.MailConfig.host,
      ...(p.MailConfig.port == null ? {} : { port: p.MailConfig.port }),
      user: p.MailConfig.auth.user,
      pass: p.MailConfig.auth.pass,
      tls: p.MailConfig.tls.rejectUnauthorized ? (1 as const) : (0 as const),
      apilist: p.ApiConfig.map((c) => ({ host: c.host, port: c.port ?? '', user: c.user, pass: c.pass })),
      CurrentApi: p.CurrentApi,
    }),
  },
  get: {
    name: 'getTerminalConfig',
    path: 'config/getTerminalConfig',
    summary: 'Cấu hình cảng của một cảng: MailConfig, TerminalConfig, ApiConfig (mật khẩu che bằng ********), CurrentApi',
  },
  save: {
    name: 'saveTerminalConfig',
    path: 'config/saveTerminalConfig',
    summary:
      'Lưu cấu hình cảng {AutoActiveUser, ImportPickupAllCont, DepotSelect, HolydaySelect, host, port, user, pass, tls 0/1, apilist, CurrentApi}',
  },
});

const access = menuAccess('SYS_TERMINAL_CONFIG');
const terminalCode = z.string().trim().toUpperCase().max(10, 'Mã cảng tối đa 10 ký tự').optional();
const blankAsMissing = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankAsMissing, s.optional());

/** 'Test connection' (spec 03 §7 common/tosTestLogin): logs in to the TOS with one connection block; a masked password is the stored one. */
export const tosTestLogin = defineCall({
  path: 'common/tosTestLogin',
  module: 'admin',
  summary: "Thử đăng nhập TOS với một kết nối {host, port, user, pass}: 'Có thể kết nối !' hoặc 'Không thể kết nối : …'",
  access,
  request: optionalBody(
    z.object({
      TerminalCode: terminalCode,
      host: opt(z.string().trim().max(255, 'Host TOS tối đa 255 ký tự')),
      port: opt(portNumber),
      user: opt(z.string().trim().max(100, 'Tên đăng nhập TOS tối đa 100 ký tự')),
      pass: opt(z.string().max(200, 'Mật khẩu TOS tối đa 200 ký tự')),
    }),
  ),
  response: plainReply,
});

/** 'Test mail' (spec 03 §7 common/testSendMail): sends one mail through the given server; a masked password is the stored one. */
export const testSendMail = defineCall({
  path: 'common/testSendMail',
  module: 'admin',
  summary: "Gửi thử mail {host, port, user, pass, tls, to, subject, html}: 'Đã gửi mail !' hoặc 'Không thể gửi mail : …'",
  access,
  request: optionalBody(
    z.object({
      TerminalCode: terminalCode,
      host: opt(mailServerFields.host),
      port: opt(portNumber),
      user: opt(mailServerFields.user),
      pass: opt(mailServerFields.pass),
      tls: opt(tlsFlag),
      to: opt(z.string().trim().max(255, 'Mail nhận tối đa 255 ký tự').email('Mail nhận không hợp lệ')),
      subject: opt(z.string().trim().max(255, 'Tiêu đề tối đa 255 ký tự')),
      html: opt(z.string().max(20_000, 'Nội dung tối đa 20000 ký tự')),
    }),
  ),
  response: plainReply,
});

/** A TOS connection block still showing the stored password. */
export const isMaskedSecret = (v: unknown) => v === SECRET_MASK;

export const terminalConfigCalls = {
  ...terminalConfigForm.calls,
  tosTestLogin,
  testSendMail,
};
