import { QueryCache, QueryClient } from '@tanstack/react-query';
import { HttpError } from '../shared/http.ts';

/** 401 means the token is gone (expired, revoked, signed out elsewhere): retrying cannot help. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

export function createQueryClient(onUnauthorized: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retry only what may be transient: network failures and 5xx, not the server's considered "no".
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof HttpError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
