'use client';

import dynamic from 'next/dynamic';
import type { ProjectType } from './useProject';

// Konva needs the browser: the workspace loads client-only.
const Workspace = dynamic(() => import('./Workspace').then((module) => module.Workspace), {
  ssr: false,
  loading: () => <p className="page muted">Opening the project…</p>,
});

export function WorkspaceLoader({ type, name }: { type: ProjectType; name: string }) {
  return <Workspace type={type} name={name} />;
}
