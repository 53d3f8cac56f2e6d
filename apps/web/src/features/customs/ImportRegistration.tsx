import { RegistrationScreen } from './RegistrationScreen';

/** /Custom/ImportRegistration: registration of import-goods declarations (bill-of-lading number). */
export function ImportRegistration() {
  return <RegistrationScreen variant="I" />;
}
