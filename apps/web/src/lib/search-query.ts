import { type QueryKey, skipToken, useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { markReported, useReportError } from './report-error';

export interface SearchQueryOptions<Req, Data> {
  /** The prefix every request's key starts with: invalidating it reloads the list on screen. */
  baseKey: QueryKey;
  /** The key of one request (starts with `baseKey`). */
  queryKey: (request: Req) => QueryKey;
  queryFn: (request: Req, signal: AbortSignal) => Promise<Data>;
  /** The request shown when the screen opens; null: nothing until the first search. */
  initial: Req | null;
  /** A reload that failed by itself (the screen opened, the list was invalidated); a failed `search` rejects instead. */
  onLoadError?: (error: Error) => void;
}

/**
 * A list a screen fills on demand — a search form, a lookup, the result of a scan. It shows the answer to the last
 * request, loads again whenever the screen opens or the list is invalidated, and nothing else refreshes it behind the
 * user's back. `search(request)` asks now (also for an unchanged request) and resolves with the answer, so the screen
 * can say 'no data' or show a failure its own way; a failed search leaves the previous answer on screen.
 * `show(request, data)` puts an answer obtained another way (e.g. a scan's reply) on screen as that request's result.
 */
export function useSearchQuery<Req, Data>(options: SearchQueryOptions<Req, Data>) {
  const { baseKey, queryKey, queryFn, initial, onLoadError } = options;
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<Req | null>(initial);
  const query = useQuery({
    queryKey: request === null ? [...baseKey, null] : queryKey(request),
    queryFn: request === null ? skipToken : ({ signal }) => queryFn(request, signal),
    // Only opening the screen, an invalidation or a search loads the list again.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
  });
  const fetching = useIsFetching({ queryKey: baseKey }) > 0;

  useReportError(query.error, onLoadError);

  const search = async (next: Req): Promise<Data> => {
    try {
      const data = await queryClient.fetchQuery({ queryKey: queryKey(next), queryFn: ({ signal }) => queryFn(next, signal), staleTime: 0 });
      setRequest(next);
      return data;
    } catch (e) {
      // The caller shows this failure its own way: it is not reported again as a failed load.
      markReported(e);
      throw e;
    }
  };

  const show = (next: Req, data: Data) => {
    queryClient.setQueryData(queryKey(next), data);
    setRequest(next);
  };

  return { data: query.data, query, request, fetching, search, show };
}
