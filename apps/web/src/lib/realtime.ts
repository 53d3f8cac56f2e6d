import type { ClientToServerEvents, ServerToClientEvents } from '@smartport/contract';
import type { Socket } from 'socket.io-client';

export type PortalSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: PortalSocket | null = null;

/** Opens the live connection when a token exists (spec 01 §7); one per tab. */
export async function connectRealtime(token: string): Promise<PortalSocket> {
  if (socket && (socket.auth as { token?: string }).token === token) return socket;
  socket?.disconnect();
  const { io } = await import('socket.io-client');
  socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
  return socket;
}

export function disconnectRealtime() {
  socket?.disconnect();
  socket = null;
}

export function currentSocket() {
  return socket;
}
