import { customsSimulator } from './customs/customs.simulator';
import { einvoiceSimulator } from './einvoice/einvoice.simulator';
import { mailSimulator } from './mail/mail.simulator';
import { bankPageSimulator } from './payments/bank-page.simulator';
import { cardSimulator } from './payments/card.simulator';
import { vietQrSimulator } from './payments/vietqr.simulator';
import { type RunningSimulator, type SimulatorDefinition, startSimulator } from './simulator';
import { tosSimulator } from './tos/tos.simulator';

export { customsSimulator } from './customs/customs.simulator';
export { demoDeclarations, findDeclaration } from './customs/customs-data';
export { einvoiceSimulator } from './einvoice/einvoice.simulator';
export { checkInvoiceXml, type ReadInvoice } from './einvoice/invoice-check';
export { demoMailAccount, mailSimulator, type ReceivedMail } from './mail/mail.simulator';
export { bankPageSimulator, demoNapasSecret } from './payments/bank-page.simulator';
export { cardSimulator } from './payments/card.simulator';
export { demoVietQrSecret, vietQrAccount, vietQrSimulator } from './payments/vietqr.simulator';
export type { RunningSimulator, SimulatorContext, SimulatorDefinition } from './simulator';
export { startSimulator } from './simulator';
export { demoTosAccount, type GateRefusalCode, type HeldTosOrder, tosJobCodes, tosSimulator, type YardEvent } from './tos/tos.simulator';

/** Every simulator `npm start` runs; each issue that brings an external system adds its own here. */
export const simulators: SimulatorDefinition[] = [
  tosSimulator,
  customsSimulator,
  cardSimulator,
  bankPageSimulator,
  vietQrSimulator,
  einvoiceSimulator,
  mailSimulator,
];

/**
 * Starts the simulators on loopback, each on `basePort + portOffset` (0 = any free port); the mail
 * server's SMTP listens on the next port (basePort + 8). A simulator whose SIM_<NAME>_URL is already
 * set is skipped: the portal talks to that address.
 */
export async function startSimulators(options: { basePort: number; env?: NodeJS.ProcessEnv }): Promise<RunningSimulator[]> {
  const env = options.env ?? process.env;
  const running: RunningSimulator[] = [];
  for (const def of simulators) {
    if (env[`SIM_${def.name.toUpperCase()}_URL`]) continue;
    running.push(await startSimulator(def, options.basePort ? options.basePort + def.portOffset : 0));
  }
  return running;
}
