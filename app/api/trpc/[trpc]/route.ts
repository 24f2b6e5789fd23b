import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { identify } from '@/server/api/request-actor';
import { appRouter } from '@/server/api/root';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

function handle(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext: async () => {
      const core = await getCore();
      return { core, transport: 'trpc' as const, ...(await identify(request.headers, core)) };
    },
  });
}

export { handle as GET, handle as POST };
