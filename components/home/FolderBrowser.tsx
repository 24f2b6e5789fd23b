'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, useTRPC } from '@/components/trpc/provider';

/** A team server's folders under its project roots (LABELPORT_ROOTS): browse, then pick one. */
export function FolderBrowser({ onPick }: { onPick: (folder: string) => void }) {
  const trpc = useTRPC();
  const [at, setAt] = useState<string | undefined>(undefined);
  const listing = useQuery(trpc.folders.list.queryOptions(at === undefined ? {} : { path: at }));
  return (
    <div className="folder-browser" aria-label="Folders under the project roots" role="group">
      <div className="row small">
        <span className="muted">{listing.data?.path ?? 'Project roots'}</span>
        {listing.data?.path ? (
          <button type="button" className="button" onClick={() => setAt(listing.data?.parent ?? undefined)}>
            Up
          </button>
        ) : null}
        {listing.data?.path ? (
          <button type="button" className="button primary" onClick={() => listing.data?.path && onPick(listing.data.path)}>
            Use this folder
          </button>
        ) : null}
      </div>
      {listing.error ? <p className="error">{errorText(listing.error)}</p> : null}
      <ul className="folder-list">
        {(listing.data?.folders ?? []).map((folder) => (
          <li key={folder.path}>
            <button type="button" className="link-button" onClick={() => setAt(folder.path)}>
              📁 {folder.name}
            </button>{' '}
            <span className="muted small">{folder.imageFiles} image files</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
