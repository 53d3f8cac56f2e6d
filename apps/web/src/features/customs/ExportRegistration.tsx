import { RegistrationScreen } from './RegistrationScreen';

/** /Custom/ExportRegistration: registration of export-goods declarations (booking number). */
export function ExportRegistration() {
  return <RegistrationScreen variant="E" />;
}
