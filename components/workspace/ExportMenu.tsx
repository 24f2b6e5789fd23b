'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { Menu } from '@/components/ui/Menu';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { useJobStatus } from '@/components/trpc/useJobStatus';
import type { ProjectType } from './useProject';

export function ExportMenu({ type, name }: { type: ProjectType; name: string }) {
  const trpc = useTRPC();
  // The server's format registry: a new format shows up here without a change to this file.
  const formats = useQuery({ ...trpc.transfer.exportFormats.queryOptions(), staleTime: Infinity });
  // This user's exports of this project only: the server's one status may be another user's
  // export since, or another project's.
  const job = useJobStatus(trpc.transfer.ownExportStatus.queryOptions({ annotation_type: type, project_name: name }), (status) => status.export_status === 1);
  const start = useMutation(trpc.transfer.export.mutationOptions({ onSuccess: job.started }));
  const data = job.status;
  return (
    // Stays open after a choice: the export's progress and its download link show in it.
    <Menu label="Export">
      {(formats.data ?? []).map(({ export_type: exportType, label }) => (
        <button
          key={exportType}
          role="menuitem"
          className="menu-item"
          // One export at a time: a second click while one starts or runs would be refused
          // (and hide the first one's progress).
          disabled={start.isPending || job.running}
          onClick={() => start.mutate({ annotation_type: type, project_name: name, export_type: exportType })}
        >
          {label}
        </button>
      ))}
      {start.error ? <p className="error small" role="alert">{errorText(start.error)}</p> : null}
      {data?.export_status === 1 ? <ProgressBar label="Exporting" done={data.progress?.[0]} total={data.progress?.[1]} /> : null}
      {data?.export_status === 2 ? (
        <p className="small" role="status">
          Written to <code>{data.project_config_path}</code>{' '}
          {/* The route serves only the file this project's last export wrote. */}
          <a className="button" href={`/api/export/${type}/${encodeURIComponent(name)}`} download>Download</a>
        </p>
      ) : null}
      {data?.export_status === 2 && data.unspellable_labels ? (
        <div className="warning small" role="alert">
          <p>Labels this file cannot keep as they are (other formats can):</p>
          <ul>{data.unspellable_labels.map((why) => <li key={why}>{why}</li>)}</ul>
        </div>
      ) : null}
      {data?.export_status === 3 ? <p className="error small" role="alert">Export failed: {data.error_message}</p> : null}
    </Menu>
  );
}
