import { mailListText } from '../mail/mail-lists';
import { defineSettingsForm } from '../settings-form/settings-form';

/**
 * The connections an alert mail is about (spec 03 §3 "Alert mail config"): the TOS (CATOS) towards the portal and back,
 * the MB payment partner towards the portal and back, the e-invoice provider (VNPT).
 */
export const alertConnections = ['catos2smp', 'smp2catos', 'mb2smp', 'smp2mb', 'vnpt'] as const;
export type AlertConnection = (typeof alertConnections)[number];

/** The field of each connection's addresses. */
export const alertField = (c: AlertConnection) => `alert_${c}_mail` as const;

/** What each connection is, in the alert mail's words. */
export const alertConnectionNames: Record<AlertConnection, string> = {
  catos2smp: 'TOS (CATOS) → SmartPort',
  smp2catos: 'SmartPort → TOS (CATOS)',
  mb2smp: 'Đối tác thanh toán (MB) → SmartPort',
  smp2mb: 'SmartPort → đối tác thanh toán (MB)',
  vnpt: 'SmartPort → hóa đơn điện tử (VNPT)',
};

/** 'Mail cảnh báo kết nối' (spec 03 §2.4): five address lists, none required (spec 03 §5). */
export const alertMail = defineSettingsForm({
  name: 'alert_mail_config',
  module: 'connectionAlerts',
  title: 'Mail cảnh báo kết nối',
  menu: 'CFG_ALERT_MAIL',
  fields: {
    alert_catos2smp_mail: mailListText('Mail cảnh báo CATOS → SMP'),
    alert_smp2catos_mail: mailListText('Mail cảnh báo SMP → CATOS'),
    alert_mb2smp_mail: mailListText('Mail cảnh báo MB → SMP'),
    alert_smp2mb_mail: mailListText('Mail cảnh báo SMP → MB'),
    alert_vnpt_mail: mailListText('Mail cảnh báo VNPT'),
  },
  defaults: { alert_catos2smp_mail: '', alert_smp2catos_mail: '', alert_mb2smp_mail: '', alert_smp2mb_mail: '', alert_vnpt_mail: '' },
  secrets: [],
  required: [],
  form: [
    { name: 'alert_catos2smp_mail', label: 'Mail cảnh báo CATOS → SMP', kind: 'text' },
    { name: 'alert_smp2catos_mail', label: 'Mail cảnh báo SMP → CATOS', kind: 'text' },
    { name: 'alert_mb2smp_mail', label: 'Mail cảnh báo MB → SMP', kind: 'text' },
    { name: 'alert_smp2mb_mail', label: 'Mail cảnh báo SMP → MB', kind: 'text' },
    { name: 'alert_vnpt_mail', label: 'Mail cảnh báo VNPT', kind: 'text' },
  ],
  confirmSave: true,
  get: { name: 'getAlertMailConfig', path: 'config/getAlertMailConfig', summary: 'Mail cảnh báo kết nối: năm danh sách địa chỉ' },
  save: { name: 'saveAlertMailConfig', path: 'config/saveAlertMailConfig', summary: 'Lưu mail cảnh báo kết nối (năm trường)' },
});
