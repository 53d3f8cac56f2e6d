import { z } from 'zod';
import { defineSettingsForm } from '../settings-form/settings-form';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`);

/** Outer double quotes removed ('"abc"' → 'abc'). */
export const unquoted = (v: string) => (v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);

const httpUrl = (label: string) =>
  text(label, 500).refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, `${label} phải là địa chỉ bắt đầu bằng http:// hoặc https://`);

export const mainConfigFields = {
  SMP_TITLE: text('Tiêu đề trang', 200),
  SMP_IMG_URL: httpUrl('Đường dẫn hình ảnh'),
  SMP_KEYWORD: text('Từ khóa', 1000),
  SMP_DESCRIPTION: text('Mô tả', 2000),
  SMP_UAID: text('Mã Google Analytics', 50).regex(/^[A-Za-z0-9-]*$/, 'Mã Google Analytics chỉ gồm chữ, số và dấu -'),
  SMP_UA_PROPERTY: text('Analytics property', 50),
  SMP_UA_SEVACC: text('Analytics service account', 300),
  // Spec 03 §3: stored wrapped in quotes, shown with them stripped.
  SMP_UA_SEVKEY: z
    .string({ error: 'Analytics service key phải là chuỗi ký tự' })
    .max(5000, 'Analytics service key tối đa 5000 ký tự')
    .transform((v) => `"${unquoted(v.trim())}"`),
  SMP_FBID: text('Facebook App ID', 50).regex(/^[0-9]*$/, 'Facebook App ID chỉ gồm chữ số'),
  urlSFTP: httpUrl('Địa chỉ API SFTP'),
};

/**
 * 'Cấu hình chung' (spec 03 §2.4 main config): what the served index.html says about the site (title, keywords,
 * description, image, analytics ids, social app id: applied by the server without a rebuild) and the file-transfer
 * service's address (urlSFTP). No required field (spec 03 §5).
 */
export const mainConfig = defineSettingsForm({
  name: 'main_config',
  module: 'siteConfig',
  title: 'Cấu hình chung',
  menu: 'CFG_MAIN',
  fields: mainConfigFields,
  defaults: {},
  secrets: [],
  required: [],
  form: [
    { name: 'SMP_TITLE', label: 'Tiêu đề trang', kind: 'text' },
    { name: 'SMP_IMG_URL', label: 'Đường dẫn hình ảnh', kind: 'text' },
    { name: 'SMP_KEYWORD', label: 'Từ khóa', kind: 'text' },
    { name: 'SMP_DESCRIPTION', label: 'Mô tả', kind: 'textarea' },
    { name: 'SMP_UAID', label: 'Mã Google Analytics', kind: 'text' },
    { name: 'SMP_UA_PROPERTY', label: 'Analytics property', kind: 'text' },
    { name: 'SMP_UA_SEVACC', label: 'Analytics service account', kind: 'text' },
    { name: 'SMP_UA_SEVKEY', label: 'Analytics service key', kind: 'textarea' },
    { name: 'SMP_FBID', label: 'Facebook App ID', kind: 'text' },
    { name: 'urlSFTP', label: 'Địa chỉ API SFTP', kind: 'text' },
  ],
  confirmSave: true,
  payload: {
    schema: z.object(Object.fromEntries(Object.keys(mainConfigFields).map((k) => [k, z.string().optional()]))) as z.ZodType<
      Partial<Record<keyof typeof mainConfigFields, string>>
    >,
    fromValues: (v) => ({ ...v, ...(v.SMP_UA_SEVKEY === undefined ? {} : { SMP_UA_SEVKEY: unquoted(v.SMP_UA_SEVKEY) }) }),
    toValues: (p) => ({ ...p }),
  },
  get: {
    name: 'getMainConfig',
    path: 'config/getMainConfig',
    summary: 'Cấu hình chung (mười trường; SMP_UA_SEVKEY không kèm dấu ngoặc kép)',
  },
  save: {
    name: 'saveMainConfig',
    path: 'config/saveMainConfig',
    summary: 'Lưu cấu hình chung (mười trường; SMP_UA_SEVKEY lưu trong dấu ngoặc kép)',
  },
});
