'use client';

import { useQuery } from '@tanstack/react-query';
import { countOf } from '@/components/ui/count-text';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { useTRPC } from '@/components/trpc/provider';

export type ProjectType = 'bndbox' | 'seg';


/** What a folder holds, as the dialog says it before and after the scan. */
export function foundImagesText(imageCount: number, otherFileCount?: number): string {
  if (imageCount > 0) return `Found ${countOf(imageCount, 'image')}`;
  if (otherFileCount === undefined) return 'No images found in this folder';
  if (otherFileCount === 0) return 'No images found in this folder (it is empty)';
  return `No images found in this folder (${countOf(otherFileCount, 'file that is not an image', 'files that are not images')})`;
}

/** The creation scan's progress, then how many images the new project holds. */
export function ScanProgress({ type, name, onDone }: { type: ProjectType; name: string; onDone: () => void }) {
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.project.creationStatus.queryOptions({ annotation_type: type, project_name: name }),
    refetchInterval: (query) => {
      const code = query.state.data?.file_system_status;
      return code === 3 || code === 5 ? false : 250;
    },
  });
  const data = status.data;
  const finished = data?.file_system_status === 3;
  // staleTime 0: the home page's cached list may predate this project.
  const overviews = useQuery({ ...trpc.project.overviews.queryOptions(), enabled: finished, staleTime: 0 });
  if (finished) {
    const unsupported = data.unsupported_image_list ?? [];
    const project = overviews.data?.find((entry) => entry.type === type && entry.name === name);
    return (
      <div className="stack">
        <ProgressBar label="Folder scanned" done={1} total={1} showCount={false} />
        {project ? <p role="status">{foundImagesText(project.image_count)}</p> : null}
        {unsupported.length > 0 ? <p className="muted">{unsupported.length} file(s) could not be read as images (empty, damaged, or a format such as TIFF) and were skipped.</p> : null}
        <div className="row end">
          <button className="button primary" onClick={onDone}>Done</button>
        </div>
      </div>
    );
  }
  if (data?.file_system_status === 5) return <p className="error">The scan failed: {data.error_message}</p>;
  return <ProgressBar label="Scanning the folder" done={data?.progress?.[0]} total={data?.progress?.[1]} />;
}
