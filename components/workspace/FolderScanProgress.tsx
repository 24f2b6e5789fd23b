'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { scanRunning } from '@/components/home/ReloadProgress';
import { useTRPC } from '@/components/trpc/provider';
import { countText } from '@/components/ui/count-text';
import { ProgressBar } from '@/components/ui/ProgressBar';
import type { ProjectType } from './useProject';

export interface FolderScan {
  running: boolean;
  done?: number;
  total?: number;
}

/**
 * The scan of the project's folder that was under way when the workspace opened (the project
 * just created, a reload from another tab): the list read before it ends holds only the images
 * found so far, so it is read again once the scan ends (onScanned). Only that scan is followed:
 * the workspace's own reloads (Add images) follow theirs.
 */
export function useFolderScanAtOpen({ type, name, opened, onScanned }: { type: ProjectType; name: string; opened: boolean; onScanned: () => void }): FolderScan {
  const trpc = useTRPC();
  const [following, setFollowing] = useState(true);
  // Creation and reload are one job; its creation status is read here, so that the Add images
  // dialog's reload status (which it clears before each reload) is not shared.
  const status = useQuery({
    ...trpc.project.creationStatus.queryOptions({ annotation_type: type, project_name: name }),
    enabled: opened && following,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (scanRunning(query.state.data?.file_system_status) ? 250 : false),
  });
  const code = status.isFetchedAfterMount ? status.data?.file_system_status : undefined;
  const sawRunning = useRef(false);
  const scanned = useRef(onScanned);
  scanned.current = onScanned;
  useEffect(() => {
    if (code === undefined) return;
    if (scanRunning(code)) {
      sawRunning.current = true;
      return;
    }
    setFollowing(false);
    if (sawRunning.current) scanned.current();
  }, [code]);
  const progress = status.data?.progress;
  return { running: following && scanRunning(code), done: progress?.[0], total: progress?.[1] };
}

export function FolderScanProgress({ scan }: { scan: FolderScan }) {
  if (!scan.running) return null;
  const { done, total } = scan;
  const label = done !== undefined && total ? `Scanning ${countText(done)} / ${countText(total)}` : 'Scanning the folder';
  return (
    <div className="strip-progress">
      <ProgressBar label={label} done={done} total={total} showCount={false} />
    </div>
  );
}
