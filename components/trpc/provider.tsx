'use client';

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/api/root';

// A batch of GETs travels in one address; Node refuses request heads over 16 KiB (431). Pages of
// a kept strip list carry 100 uuids each, so a few at once would pass it: longer batches split.
const MAX_URL_LENGTH = 8000;

export { errorText } from './error-text';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Team mode: a session that ended (expired, signed out elsewhere, user removed) sends the
 * browser to sign in and back to this page. Unsaved edits wait in the editor's journal, which
 * the workspace replays when it opens again.
 */
export function signInAgainOn401(error: unknown): void {
  if (!(error instanceof TRPCClientError)) return;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  if (status !== 401 || typeof window === 'undefined' || window.location.pathname === '/signin') return;
  window.location.assign(`/signin?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

export function ApiProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: signInAgainOn401 }),
        mutationCache: new MutationCache({ onError: signInAgainOn401 }),
        defaultOptions: { queries: { staleTime: 1000, refetchOnWindowFocus: false, retry: (failures, error) => failures < 1 && !isUnauthorized(error) } },
      }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc', maxItems: 20, maxURLLength: MAX_URL_LENGTH })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

const isUnauthorized = (error: unknown) =>
  error instanceof TRPCClientError && (error.data as { httpStatus?: number } | undefined)?.httpStatus === 401;
