'use client';

import { useQuery } from '@tanstack/react-query';
import { countText } from '@/components/ui/count-text';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { useTRPC } from '@/components/trpc/provider';
import type { ProjectType } from './useProject';

/** The background thumbnail pre-generation started by opening the project; gone once it ends. */
export function ThumbnailProgress({ type, name, opened }: { type: ProjectType; name: string; opened: boolean }) {
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.project.thumbnailStatus.queryOptions({ annotation_type: type, project_name: name }),
    // Asked only once the load (which starts the job) has answered, so "none" really is none.
    enabled: opened,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 500 : false),
  });
  const data = status.data;
  if (data?.state !== 'running') return null;
  return (
    <div className="strip-progress">
      {/* Until the job has counted the images, no "0 / 0". */}
      <ProgressBar label={data.total > 0 ? `Thumbnails ${countText(data.done)} / ${countText(data.total)}` : 'Thumbnails'} done={data.done} total={data.total} showCount={false} />
    </div>
  );
}
