import { notFound } from 'next/navigation';
import { WorkspaceLoader } from '@/components/workspace/WorkspaceLoader';
import { requireSignedIn } from '@/server/api/page-gate';
import { warmWorkspace } from '@/server/api/workspace-warmup';

export default async function ProjectPage({ params }: { params: Promise<{ type: string; name: string }> }) {
  const { type, name } = await params;
  await requireSignedIn(`/projects/${type}/${name}`);
  if (type !== 'bndbox' && type !== 'seg') notFound();
  const projectName = decodeOnce(name);
  warmWorkspace(type, projectName);
  return <WorkspaceLoader type={type} name={projectName} />;
}

// Names can hold '%' (never followed by two hex digits), so decoding twice must be harmless.
function decodeOnce(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
