import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

function handle(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext: async () => ({ core: await getCore(), transport: 'trpc' as const, actor: null }),
  });
}

export { handle as GET, handle as POST };
