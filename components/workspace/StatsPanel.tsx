'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/provider';
import { usableColor } from '@/components/ui/color';
import type { LabelRecord } from './LabelPanel';
import type { ProjectType } from './useProject';

export function StatsPanel({ type, name, labels }: { type: ProjectType; name: string; labels: LabelRecord[] }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.project.statistic.queryOptions({ annotation_type: type, project_name: name }));
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
