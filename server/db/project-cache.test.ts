// What the SQLite repositories keep of projects and labels: read once, dropped by any write.
import { describe, expect, it } from 'vitest';
import type { LabelRepository, ProjectRepository } from '@/server/core/repositories';
import { cachingProjectReads } from './project-cache';
import type { Synchronous } from './synchronous';

function labelsStore() {
  const names = ['car'];
  let reads = 0;
  const labels = {
    list: (projectId: string) => {
      reads += 1;
      return projectId === 'p1' ? names.map((name) => ({ name, color: null })) : [];
    },
    append: (_projectId: string, label: { name: string }) => void names.push(label.name),
  } as unknown as Synchronous<LabelRepository>;
  return { labels, reads: () => reads };
}

describe('cachingProjectReads', () => {
  it('keeps a project\'s label list until a label is written, and hands out copies', () => {
    const store = labelsStore();
    const cached = cachingProjectReads({} as Synchronous<ProjectRepository>, store.labels);
    const first = cached.labels.list('p1');
    expect(first.map((label) => label.name)).toEqual(['car']);
    first[0]!.name = 'changed by a caller';
    expect(cached.labels.list('p1').map((label) => label.name)).toEqual(['car']);
    expect(cached.labels.list('p2')).toEqual([]);
    expect(store.reads()).toBe(2);
    cached.labels.append('p1', { name: 'bus', color: '#00f' });
    expect(cached.labels.list('p1').map((label) => label.name)).toEqual(['car', 'bus']);
    expect(store.reads()).toBe(3);
  });
});
