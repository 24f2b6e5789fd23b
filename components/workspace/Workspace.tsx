'use client';

import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { EditorCanvas, type CanvasHandle } from '@/components/editor/EditorCanvas';
import { LabelPrompt } from '@/components/editor/LabelPrompt';
import { createEditorStore } from '@/components/editor/model/editor-store';
import { resolveShortcut } from '@/components/editor/model/shortcuts';
import { createToolController } from '@/components/editor/model/tools';
import { SaveIndicator } from '@/components/editor/SaveIndicator';
import { ShortcutsHelp } from '@/components/editor/ShortcutsHelp';
import { Toolbar } from '@/components/editor/Toolbar';
import { predecodeImages } from '@/components/editor/useImageElement';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { usableColor } from '@/components/ui/color';
import { ExportMenu } from './ExportMenu';
import { ImageStrip } from './ImageStrip';
import { LabelPanel, useLabels } from './LabelPanel';
import { NavigationButtons } from './NavigationButtons';
import { StatsPanel } from './StatsPanel';
import { useEditorPersistence } from './useEditorPersistence';
import { useLabelEdits } from './useLabelEdits';
import { useImageList, type ImageFilter } from './useImageList';
import { ThumbnailProgress } from './ThumbnailProgress';
import { useOpenProject, type ProjectType } from './useProject';
import { useResumePosition } from './useResumePosition';

export function Workspace({ type, name }: { type: ProjectType; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const opened = useOpenProject(type, name);
  const ids = useMemo(() => ({ annotation_type: type, project_name: name }), [type, name]);
  const [filter, setFilter] = useState<ImageFilter>('all');
  const [labelFilter, setLabelFilter] = useState<string | undefined>(undefined);
  const list = useImageList(type, name, filter, labelFilter);
  const [index, setIndex] = useState(0);
  const current = list.itemAt(index);
  const labels = useLabels(type, name).data ?? [];
  const colorOf = useCallback((label: string) => usableColor(labels.find((item) => item.name === label)?.color), [labels]);

  const [store] = useState(() => createEditorStore());
  const [tools] = useState(() => createToolController(store));
  // Only the active label: the workspace must not re-render on every pointer move.
  const activeLabel = useSyncExternalStore(store.subscribe, () => store.getState().activeLabel, () => store.getState().activeLabel);
  const persistence = useEditorPersistence(type, name, store);
  const labelEdits = useLabelEdits(type, name, (from, to) => {
    store.renameLabel(from, to);
    persistence.renameLabel(from, to);
  });
  const { saveStatus } = persistence;
  const [canvas, setCanvas] = useState<CanvasHandle | null>(null);
  const [help, setHelp] = useState(false);
  const [spaceHeld, setSpaceHeld] = useState(false);

  const { refreshCounts } = list;
  useEffect(() => {
    if (saveStatus !== 'saved') return;
    void queryClient.invalidateQueries(trpc.project.statistic.queryFilter(ids));
    void refreshCounts();
  }, [saveStatus, queryClient, trpc, ids, refreshCounts]);

  useEffect(() => {
    if (!activeLabel && labels[0]) store.setActiveLabel(labels[0].name);
  }, [labels, activeLabel, store]);
  // A removed label is no longer the one new shapes get.
  const labelNames = useMemo(() => labels.map((label) => label.name), [labels]);
  const previousLabels = useRef<readonly string[]>([]);
  useEffect(() => {
    if (previousLabels.current.includes(activeLabel) && !labelNames.includes(activeLabel)) store.setActiveLabel(labelNames[0] ?? '');
    previousLabels.current = labelNames;
  }, [labelNames, activeLabel, store]);
  useEffect(() => store.setTool(type === 'bndbox' ? 'box' : 'polygon'), [store, type]);
  // The strip's shape badges follow this tab's edits at once.
  const { setShapeCount } = list;
  useEffect(() => {
    const unsubscribe = store.onDocumentChange((uuid, shapes) => setShapeCount(uuid, shapes.length));
    return () => void unsubscribe();
  }, [store, setShapeCount]);

  const doc = useQuery({
    ...trpc.annotation.forEditor.queryOptions({ ...ids, uuids: current ? [current.uuid] : ['-'] }),
    enabled: Boolean(current),
    staleTime: Infinity,
  });
  const loaded = doc.data?.[0];
  const { ready, shapesFor, flush } = persistence;
  useEffect(() => {
    if (!loaded || !ready) return;
    store.load(loaded.uuid, { width: loaded.width, height: loaded.height }, shapesFor(loaded.uuid, loaded.shapes));
  }, [loaded, ready, store, shapesFor]);

  const imageUrl = (uuid: string) => `/api/image/${type}/${encodeURIComponent(name)}/${encodeURIComponent(uuid)}`;
  // The neighbours' bytes and shapes are fetched now, so the next image shows at once.
  const neighbours = [list.itemAt(index + 1)?.uuid, list.itemAt(index - 1)?.uuid].filter((uuid): uuid is string => Boolean(uuid));
  const neighbourKey = neighbours.join(',');
  useEffect(() => {
    for (const uuid of neighbourKey ? neighbourKey.split(',') : []) {
      predecodeImages([imageUrl(uuid)]);
      void queryClient.prefetchQuery({ ...trpc.annotation.forEditor.queryOptions({ ...ids, uuids: [uuid] }), staleTime: Infinity });
    }
  }, [neighbourKey, type, name, ids, queryClient, trpc]);

  const total = list.counts?.filtered ?? 0;
  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= total) return;
      void flush();
      void list.ensure(next);
      setIndex(next);
    },
    [flush, list, total],
  );

  useResumePosition({
    type,
    name,
    store,
    active: filter === 'all' && labelFilter === undefined,
    total: list.counts ? total : null,
    index,
    current,
    labels: labelNames,
    activeLabel,
    ensure: list.ensure,
    go,
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const targetIsInput = Boolean(target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable || target.closest('dialog')));
      if (event.key === ' ' && !targetIsInput) {
        setSpaceHeld(true);
        event.preventDefault();
        return;
      }
      const action = resolveShortcut({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, shiftKey: event.shiftKey, altKey: event.altKey, targetIsInput });
      if (!action) return;
      event.preventDefault();
      switch (action.type) {
        case 'tool':
          if (action.tool === 'select' || (action.tool === 'box') === (type === 'bndbox')) store.setTool(action.tool);
          break;
        case 'label': {
          const label = labels[action.index];
          if (label) store.setActiveLabel(label.name);
          break;
        }
        case 'delete':
        case 'escape':
          tools.keyDown(event.key === 'Escape' ? 'Escape' : event.key);
          break;
        case 'close-polygon':
          tools.keyDown('Enter');
          break;
        case 'undo':
          store.undo();
          break;
        case 'redo':
          store.redo();
          break;
        case 'copy':
          store.copy();
          break;
        case 'paste':
          store.paste();
          break;
        case 'next':
          go(index + 1);
          break;
        case 'previous':
          go(index - 1);
          break;
        case 'fit':
          canvas?.fit();
          break;
        case 'help':
          setHelp(true);
          break;
      }
    };
    const onKeyUp = (event: KeyboardEvent) => event.key === ' ' && setSpaceHeld(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [store, tools, labels, go, index, canvas, type]);

  if (opened.error) {
    return (
      <main className="page">
        <p className="error" role="alert">{errorText(opened.error)}</p>
        <Link className="button" href="/">Back to projects</Link>
      </main>
    );
  }

  return (
    <div className="workspace">
      <header className="topbar">
        <Link className="button" href="/" onClick={() => void flush()}>← Projects</Link>
        <h1 className="topbar-title">{name}</h1>
        <span className="muted" aria-label="Position">{total > 0 ? `${index + 1} / ${total}` : '0 / 0'}</span>
        <button className="button" onClick={() => go(index - 1)} disabled={index <= 0} title="Previous (A)">‹ Prev</button>
        <button className="button" onClick={() => go(index + 1)} disabled={index >= total - 1} title="Next (D)">Next ›</button>
        <NavigationButtons type={type} name={name} filter={filter} label={labelFilter} total={total} index={index} go={go} />
        <span className="topbar-path muted" title={current?.img_path}>{current?.img_path}</span>
        <SaveIndicator status={saveStatus} />
        <ExportMenu type={type} name={name} />
      </header>
      <ImageStrip
        thumbUrl={(uuid) => `${imageUrl(uuid)}?size=thumb`}
        total={total}
        itemAt={list.itemAt}
        requestPage={list.requestPage}
        currentIndex={index}
        onSelect={go}
        filter={filter}
        label={labelFilter}
        labels={labelNames}
        onLabel={(next) => { void flush(); setLabelFilter(next); setIndex(0); }}
        onFilter={(next) => {
          void flush();
          setFilter(next);
          setIndex(0);
        }}
        onRefresh={() => {
          void flush();
          list.refresh();
          setIndex(0);
        }}
        counts={list.counts}
      >
        <ThumbnailProgress type={type} name={name} opened={opened.isSuccess} />
      </ImageStrip>
      <main className="stage-area">
        <Toolbar store={store} type={type} canvas={canvas} onHelp={() => setHelp(true)} />
        {total === 0 && list.counts ? (
          <div className="empty">{filter === 'all' && labelFilter === undefined ? 'This project has no images: add some to its folder, then reload it.' : 'No image matches this filter.'}</div>
        ) : (
          <EditorCanvas store={store} tools={tools} imageUrl={current ? imageUrl(current.uuid) : null} colorOf={colorOf} spaceHeld={spaceHeld} onReady={setCanvas} />
        )}
      </main>
      <aside className="sidepanel">
        <LabelPanel
          type={type}
          name={name}
          labels={labels}
          activeLabel={activeLabel}
          onPick={(label) => store.setActiveLabel(label)}
          edits={labelEdits}
        />
        <StatsPanel type={type} name={name} labels={labels} />
      </aside>
      <ShortcutsHelp open={help} onClose={() => setHelp(false)} />
      <LabelPrompt store={store} labels={labelNames} onNewLabel={labelEdits.add} />
    </div>
  );
}
