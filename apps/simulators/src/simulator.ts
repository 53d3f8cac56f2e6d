import Fastify, { type FastifyInstance } from 'fastify';

/** One external system's stand-in: a small HTTP app with knobs for its failure modes. */
export interface SimulatorDefinition {
  name: string;
  description: string;
  /** Port offset from the simulators' base port, so each has a stable address. */
  portOffset: number;
  build(app: FastifyInstance, ctx: SimulatorContext): Promise<void> | void;
}

/** What a simulator may know and say about where it runs (most need none of it). */
export interface SimulatorContext {
  host: string;
  /** The HTTP port asked for (0 = any free port). */
  port: number;
  /** Reports another address the simulator serves besides its HTTP one (the mail server's SMTP). */
  addEndpoint(name: string, url: string): void;
}

export interface RunningSimulator {
  name: string;
  url: string;
  /** Other addresses it serves, by name (e.g. `smtp` → smtp://127.0.0.1:4108). */
  endpoints: Record<string, string>;
  close(): Promise<void>;
}

export async function startSimulator(def: SimulatorDefinition, port: number, host = '127.0.0.1'): Promise<RunningSimulator> {
  // Closing a simulator ends its connections too: a request a test gave up on (a time-out) must not keep it open.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const endpoints: Record<string, string> = {};
  app.get('/health', async () => ({ ok: true, name: def.name }));
  const addEndpoint = (name: string, url: string) => {
    endpoints[name] = url;
  };
  await def.build(app, { host, port, addEndpoint });
  const address = await app.listen({ port, host });
  return { name: def.name, url: address, endpoints, close: () => app.close() };
}
