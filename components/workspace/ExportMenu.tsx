'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { errorText, useTRPC } from '@/components/trpc/provider';
import type { ProjectType } from './useProject';

export function ExportMenu({ type, name }: { type: ProjectType; name: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  // The server's format registry: a new format shows up here without a change to this file.
  const formats = useQuery({ ...trpc.transfer.exportFormats.queryOptions(), staleTime: Infinity });
  const queryClient = useQueryClient();
  const statusIds = { annotation_type: type };
  const start = useMutation(
    trpc.transfer.export.mutationOptions({
      onSuccess: () => {
        // The last export's status may still look fresh: never show it as this one's.
        void queryClient.invalidateQueries(trpc.transfer.exportStatus.queryFilter(statusIds));
        setStarted(true);
      },
    }),
  );
  const status = useQuery({
    ...trpc.transfer.exportStatus.queryOptions(statusIds),
    enabled: started,
    refetchInterval: (query) => (query.state.data?.export_status === 1 ? 250 : false),
  });
  const data = started ? status.data : undefined;
  return (
    <div className="menu">
      <button className="button" aria-expanded={open} onClick={() => setOpen(!open)}>Export</button>
      {open ? (
        <div className="menu-popup" role="menu">
          {(formats.data ?? []).map(({ export_type: exportType, label }) => (
            <button
              key={exportType}
              role="menuitem"
              className="menu-item"
              disabled={data?.export_status === 1}
              onClick={() => {
                setStarted(false);
                start.mutate({ annotation_type: type, project_name: name, export_type: exportType });
              }}
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
          {data?.export_status === 3 ? <p className="error small" role="alert">Export failed: {data.error_message}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
