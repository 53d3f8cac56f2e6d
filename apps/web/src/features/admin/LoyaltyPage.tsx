import { loyaltyForm } from '@smartport/contract';
import { SettingsForm } from '../../components/settings-form/SettingsForm';

/** 'Cấu hình Loyalty' (spec 03 §2.5, /SystemManager/loyalty): the five numbers on the one settings form. */
export default function LoyaltyPage() {
  return <SettingsForm form={loyaltyForm} />;
}
