'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { CreateProjectDialog } from './CreateProjectDialog';
import { ImportConfigDialog } from './ImportConfigDialog';
import { ProjectCard } from './ProjectCard';
import { SignedInAs, useMe } from './SignedInAs';

export function HomePage() {
  const trpc = useTRPC();
  const projects = useQuery(trpc.project.overviews.queryOptions());
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const { isAdmin } = useMe();
  const list = [...(projects.data ?? [])].sort((a, b) => Number(b.is_starred) - Number(a.is_starred) || b.last_modified_at - a.last_modified_at);

  return (
    <main className="page">
      <header className="page-header">
        <div>
          <h1>Labelport</h1>
          <p className="muted">Label a folder of images with boxes and polygons, on this machine.</p>
        </div>
        <div className="row">
          <SignedInAs />
          {isAdmin ? (
            <>
              <button className="button" onClick={() => setImporting(true)}>Import configuration…</button>
              <button className="button primary" onClick={() => setCreating(true)}>New project</button>
            </>
          ) : null}
        </div>
      </header>
      {projects.error ? <p className="error" role="alert">{errorText(projects.error)}</p> : null}
      {projects.data && list.length === 0 ? (
        <section className="empty">
          <h2>No projects yet</h2>
          <p>Create a project from a folder of images: Labelport finds every JPEG, PNG, BMP and WebP in it, and never changes them.</p>
          {isAdmin ? <button className="button primary" onClick={() => setCreating(true)}>Create your first project</button> : <p className="muted">An admin creates projects.</p>}
        </section>
      ) : (
        <section className="grid" aria-label="Projects">
          {list.map((project) => (
            <ProjectCard key={`${project.type}/${project.name}`} project={project} />
          ))}
        </section>
      )}
      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />
      <ImportConfigDialog open={importing} onClose={() => setImporting(false)} />
    </main>
  );
}
