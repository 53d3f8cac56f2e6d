import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A list this long or longer (a statistics report, a whole catalogue) is written in slices. JSON.stringify of a
 * 5.6 MB answer (20,000 rows) held the event loop for 140–580 ms on the two-core machine, every other call waiting
 * behind it; written `ROWS_PER_SLICE` rows at a time, with a turn of the loop between slices, the same bytes leave
 * without a pause longer than a few milliseconds.
 */
export const LARGE_ANSWER_ROWS = 2000;
const ROWS_PER_SLICE = 500;

const nextTurn = () => new Promise<void>((go) => setImmediate(go));

/** Whether `answer` holds a list long enough to be written in slices. */
export function isLargeAnswer(answer: unknown): answer is Record<string, unknown> {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return false;
  return Object.values(answer).some((v) => Array.isArray(v) && v.length >= LARGE_ANSWER_ROWS);
}

/** The text JSON.stringify(answer) gives, in pieces, a turn of the event loop between slices of its long lists. */
export async function* jsonSlices(answer: Record<string, unknown>, rowsPerSlice = ROWS_PER_SLICE): AsyncGenerator<string> {
  let first = true;
  yield '{';
  for (const [key, value] of Object.entries(answer)) {
    const head = `${first ? '' : ','}${JSON.stringify(key)}:`;
    if (Array.isArray(value) && value.length >= rowsPerSlice) {
      first = false;
      yield `${head}[`;
      for (let i = 0; i < value.length; i += rowsPerSlice) {
        // Inside an array JSON.stringify writes undefined and functions as null.
        const slice = value.slice(i, i + rowsPerSlice).map((row) => JSON.stringify(row) ?? 'null');
        yield `${i ? ',' : ''}${slice.join(',')}`;
        await nextTurn();
      }
      yield ']';
      continue;
    }
    const text = JSON.stringify(value);
    // A property JSON.stringify leaves out (undefined, a function) is left out here too.
    if (text === undefined) continue;
    first = false;
    yield `${head}${text}`;
  }
  yield '}';
}

/** `answer` as it is, or, when it is large, sent as a stream of its JSON slices. */
export function sendSliced(reply: FastifyReply, answer: unknown): unknown {
  if (!isLargeAnswer(answer)) return answer;
  reply.type('application/json; charset=utf-8');
  return Readable.from(jsonSlices(answer));
}
