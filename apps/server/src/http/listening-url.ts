import type { FastifyInstance } from 'fastify';

/** Where this instance listens ('http://host:port') once it does (an onListen hook); null before or on a pipe. */
export function listeningUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address !== 'object') return null;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}
