import { useEffect, useRef } from 'react';

/** Spec 02 §4 / §9: the hidden pre-read 1000 ms after the page opens, then 100 ms after each control change. */
export const FIRST_PRELOAD_MS = 1000;
export const CHANGE_PRELOAD_MS = 100;

/**
 * The reports' silent background preload: `preload(request)` runs 1 s after the screen opens and 100 ms after the
 * request (the controls) changes, a newer change cancelling the pending one. Its failures are swallowed; what it
 * loads is only cached for the next 'Tra cứu'. `request` is compared by its JSON.
 */
export function useSilentPreload<R>(request: R, preload: (request: R) => Promise<unknown>, enabled = true) {
  const opened = useRef(false);
  const preloadRef = useRef(preload);
  preloadRef.current = preload;
  const key = JSON.stringify(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `request`
  useEffect(() => {
    if (!enabled) return;
    const delay = opened.current ? CHANGE_PRELOAD_MS : FIRST_PRELOAD_MS;
    const id = setTimeout(() => {
      opened.current = true;
      preloadRef.current(request).catch(() => {});
    }, delay);
    return () => clearTimeout(id);
  }, [key, enabled]);
}
