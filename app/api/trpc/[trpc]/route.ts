import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { servedLocally } from '@/server/api/local-only';
import { identify } from '@/server/api/request-actor';
import { appRouter } from '@/server/api/root';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

// Gated here, not in proxy.ts: the workspace's pages of the strip and saves are hot paths.
function handle(request: Request): Promise<Response> {
  return servedLocally(request, () =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: request,
      router: appRouter,
      createContext: async () => {
        const core = await getCore();
        return { core, transport: 'trpc' as const, ...(await identify(request.headers, core)) };
      },
    }),
  );
}

export { handle as GET, handle as POST, handle as OPTIONS };
