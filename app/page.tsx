import { HomePage } from '@/components/home/HomePage';
import { requireSignedIn } from '@/server/api/page-gate';

// Rendered per request: in team mode who asks decides whether the page or the sign-in shows.
export const dynamic = 'force-dynamic';

export default async function Page() {
  await requireSignedIn('/');
  return <HomePage />;
}
