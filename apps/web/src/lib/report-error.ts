import { useEffect, useRef } from 'react';

const reported = new WeakSet<Error>();

/** Counts a failure as already reported (e.g. the caller of an imperative fetch showed it). */
export function markReported(error: unknown) {
  if (error instanceof Error) reported.add(error);
}

/**
 * Reports a query's failure once — a message, a dialog — however often the screen renders or the effect re-runs;
 * a new failure (a new error object) is reported again.
 */
export function useReportError(error: Error | null | undefined, report: ((error: Error) => void) | undefined) {
  const reportRef = useRef(report);
  reportRef.current = report;
  useEffect(() => {
    if (!error || reported.has(error)) return;
    reported.add(error);
    reportRef.current?.(error);
  }, [error]);
}
