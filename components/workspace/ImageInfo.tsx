'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import { ago } from './ConflictDialog';
import { editorImageQuery } from './useEditorPersistence';
import { STAY_ON_IMAGE_MS, useSettled } from './useSettled';
import type { ProjectType } from './useProject';

interface ImageInfoProps {
  type: ProjectType;
  name: string;
  uuid: string | undefined;
  /** The path as the strip has it: a rename in this tab shows at once. */
  imgPath: string | undefined;
  /** Given to those who may change the project's files (an admin; anyone on a local server). */
  onAdd?: () => void;
  onRename?: () => void;
  onDelete?: () => void;
}

/** The shown image: its file, size, and who changed its shapes when (the audit trail). */
export function ImageInfo({ type, name, uuid, imgPath, onAdd, onRename, onDelete }: ImageInfoProps) {
  const trpc = useTRPC();
  // The editor's own read of the image (already cached): its version follows this tab's saves.
  const image = useQuery({ ...editorImageQuery(trpc, type, name, uuid ?? '-'), enabled: false }).data?.[0];
  const version = image?.version;
  const stayed = useSettled(uuid, STAY_ON_IMAGE_MS) === uuid && uuid !== undefined;
  const history = useQuery({
    ...trpc.annotation.history.queryOptions({ annotation_type: type, project_name: name, uuid: uuid ?? '-' }),
    enabled: stayed,
  });
  // A save of this image (here or elsewhere) moves the version: read the trail again.
  const { refetch } = history;
  const latest = history.data?.[0];
  // Only a trail already read: refetch() would also read one the user has not stayed on.
  const behind = stayed && history.data !== undefined && version !== undefined && (latest?.version ?? 0) < version;
  useEffect(() => {
    if (behind) void refetch();
  }, [behind, version, refetch]);
  if (!uuid) return null;
  return (
    <section className="panel image-info" aria-label="Image info">
      <h2 className="panel-title">Image</h2>
      {image ? (
        <p className="small break-anywhere" title={imgPath ?? image.img_path}>
          {imgPath ?? image.img_path} · {image.width} × {image.height}
        </p>
      ) : null}
      {onAdd || onRename || onDelete ? (
        <div className="row">
          {onAdd ? <button type="button" className="button small" onClick={onAdd}>Add images…</button> : null}
          {onRename ? <button type="button" className="button small" onClick={onRename}>Rename…</button> : null}
          {onDelete ? <button type="button" className="button small danger" onClick={onDelete}>Delete…</button> : null}
        </div>
      ) : null}
      <p className="small muted">
        {/* Blank, not "Not edited yet", until the trail is read: a key held down passes images unread. */}
        {latest ? `Version ${latest.version}: ${latest.actor}, ${latest.source}, ${ago(latest.at)}` : history.data ? 'Not edited yet' : '\u00a0'}
      </p>
      {history.data && history.data.length > 1 ? (
        <details className="small">
          <summary>History</summary>
          <ol className="history">
            {history.data.map((change) => (
              <li key={change.version}>
                v{change.version} {change.actor} ({change.source}, {change.shape_count} shape{change.shape_count === 1 ? '' : 's'}) {ago(change.at)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
