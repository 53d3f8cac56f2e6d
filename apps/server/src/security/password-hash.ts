import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2 hashing with its own small concurrency limit. @node-rs/argon2 already hashes off the event loop, in libuv's
 * thread pool (measured: 16 verifies at once leave the loop responsive), but that pool (4 threads) also reads the
 * static files and resolves names, and each hash takes ~50 ms of a core's time with 19 MiB of memory: a burst of
 * logins would fill the pool and the cores. At most half the cores hash at once; the rest wait here in turn (their
 * number is bounded by the calls admitted, plugins/shedding.ts), so logins cannot starve other work.
 */
const limit = Math.max(1, Math.floor(availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= limit) await new Promise<void>((go) => waiting.push(go));
  else running++;
  try {
    return await work();
  } finally {
    // The place passes to the next waiting hash, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** An argon2id hash of `password` (the library's defaults, as stored in users.password_hash). */
export const hashPassword = (password: string) => inTurn(() => hash(password));

/** Whether `password` matches the argon2 `hashed`; rejects when `hashed` is not an argon2 hash. */
export const verifyPassword = (hashed: string, password: string) => inTurn(() => verify(hashed, password));

/** Hashes being computed now and waiting for their turn (tests, diagnostics). */
export const passwordHashLoad = () => ({ running, waiting: waiting.length, limit });
