import { customsSimulator } from './customs/customs.simulator';
import { type RunningSimulator, type SimulatorDefinition, startSimulator } from './simulator';
import { tosSimulator } from './tos/tos.simulator';

export { customsSimulator } from './customs/customs.simulator';
export { demoDeclarations } from './customs/customs-data';
export type { RunningSimulator, SimulatorDefinition } from './simulator';
export { startSimulator } from './simulator';

/** Every simulator `npm start` runs; each issue that brings an external system adds its own here. */
export const simulators: SimulatorDefinition[] = [tosSimulator, customsSimulator];

/**
 * Starts the simulators on loopback, each on `basePort + portOffset` (0 = any free port).
 * A simulator whose SIM_<NAME>_URL is already set is skipped: the portal talks to that address.
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
