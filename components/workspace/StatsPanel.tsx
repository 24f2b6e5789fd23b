'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import { usableColor } from '@/components/ui/color';
import type { LabelRecord } from './LabelPanel';
import { labelsRereadInterval } from './useLabelsFromElsewhere';
import type { ProjectType } from './useProject';

export function StatsPanel({ type, name, labels }: { type: ProjectType; name: string; labels: LabelRecord[] }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.project.statistic.queryOptions({ annotation_type: type, project_name: name }));
  // This tab recounts after its own saves (Workspace); another tab's or annotator's saves show
  // as the project's last change moving, read as often as the labels. The count goes over every
  // image, so it is read again only then, not every few seconds.
  const lastChange = useQuery({
    ...trpc.project.lastChange.queryOptions({ annotation_type: type, project_name: name }),
    refetchInterval: (query) => labelsRereadInterval(query.state.error),
  }).data?.last_modified_at;
  const seenChange = useRef(lastChange);
  const { refetch } = stats;
  useEffect(() => {
    if (lastChange === seenChange.current) return;
    if (seenChange.current !== undefined) void refetch();
    seenChange.current = lastChange;
  }, [lastChange, refetch]);
  const data = stats.data;
  if (!data || data.message !== 1) return null;
  const total = data.labeled_image + data.unlabeled_image;
  const perClass = data.label_per_class_in_project ?? [];
  const max = Math.max(1, ...perClass.map((entry) => entry.count));
  const colorOf = (label: string | null) => usableColor(labels.find((item) => item.name === label)?.color);
  return (
    <section className="panel" aria-label="Statistics">
      <h2 className="panel-title">Progress</h2>
      <div className="meter" aria-label={`${data.labeled_image} of ${total} images labeled`}>
        <div className="meter-fill" style={{ width: `${total ? (data.labeled_image / total) * 100 : 0}%` }} />
      </div>
      <p className="muted small">{data.labeled_image} labeled · {data.unlabeled_image} unlabeled</p>
      <ul className="bars">
        {perClass.map((entry) => (
          <li key={entry.label ?? '(none)'}>
            <span className="bar-label">{entry.label ?? '(no label)'}</span>
            <span className="bar" style={{ width: `${(entry.count / max) * 100}%`, background: colorOf(entry.label) }} />
            <span className="bar-count">{entry.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
