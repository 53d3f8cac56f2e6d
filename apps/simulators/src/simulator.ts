import Fastify, { type FastifyInstance } from 'fastify';

/** One external system's stand-in: a small HTTP app with knobs for its failure modes. */
export interface SimulatorDefinition {
  name: string;
  description: string;
  /** Port offset from the simulators' base port, so each has a stable address. */
  portOffset: number;
  build(app: FastifyInstance): Promise<void> | void;
}

export interface RunningSimulator {
  name: string;
  url: string;
  close(): Promise<void>;
}

export async function startSimulator(def: SimulatorDefinition, port: number, host = '127.0.0.1'): Promise<RunningSimulator> {
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true, name: def.name }));
  await def.build(app);
  const address = await app.listen({ port, host });
  return { name: def.name, url: address, close: () => app.close() };
}
