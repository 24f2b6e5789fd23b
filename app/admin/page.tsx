import { UsersAdmin } from '@/components/admin/UsersAdmin';
import { requireSignedIn } from '@/server/api/page-gate';

export const dynamic = 'force-dynamic';

export default async function AdminPage() {
  const { team, actor } = await requireSignedIn('/admin');
  if (team && actor?.role !== 'admin') {
    return (
      <main className="page">
        <h1>Admins only</h1>
        <p className="muted">
          You are signed in as {actor?.name} ({actor?.role}). <a href="/">Back to the projects</a>
        </p>
      </main>
    );
  }
  return <UsersAdmin />;
}
