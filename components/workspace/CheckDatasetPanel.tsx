'use client';

// "Check dataset": the export's before checks on the project now, counts per rule; an entry
// opens its image and selects the shape; "clip" and "drop" fix an entry or every listed entry
// of a rule, one undo step per image, saved like any edit. The report runs again afterwards.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { applyFixes, type DatasetFix } from '@/components/editor/model/dataset-fixes';
import type { EditorStore } from '@/components/editor/model/editor-store';
import type { EditorShape } from '@/components/editor/model/types';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { editorImageQuery } from './useEditorPersistence';
import type { ListChoice } from './useImageMoves';
import type { ShapePlace } from './useJumpToShape';
import type { ProjectType } from './useProject';

const SHOWN_ENTRIES = 100;

interface CheckDatasetProps {
  type: ProjectType;
  name: string;
  store: EditorStore;
  /** Sends this tab's pending saves: the check reads the stored shapes. */
  flush: () => Promise<unknown>;
  jumpTo: (place: ShapePlace) => Promise<boolean>;
  /** The position in view, the strip's list as chosen and how many times it was read again: a notice speaks of them. */
  shown: number;
  list: ListChoice;
  rereads: number;
  onClose: () => void;
}

interface FixTarget {
  imageUuid: string;
  shapeId: string;
  fix: DatasetFix;
}

export function CheckDatasetPanel({ type, name, store, flush, jumpTo, shown, list, rereads, onClose }: CheckDatasetProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formats = useQuery({ ...trpc.transfer.exportFormats.queryOptions(), staleTime: Infinity });
  const [format, setFormat] = useState<'all' | NonNullable<typeof formats.data>[number]['export_type']>('all');
  // The edits waiting for autosave go to the server first: the check must judge what is on screen.
  const [flushed, setFlushed] = useState(false);
  useEffect(() => {
    void flush().finally(() => setFlushed(true));
  }, [flush]);
  // Run on opening, on a format change and after fixes; not on every return to the tab (a big project takes a while).
  const check = useQuery({ ...trpc.dataset.check.queryOptions({ annotation_type: type, project_name: name, format }), staleTime: 0, refetchOnWindowFocus: false, enabled: flushed });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // "… is not in the strip's list" stayed once the filter was cleared or the user moved on,
  // where it was untrue: a move, another list or the list read again takes it, as the notice beside Go to.
  const [noticeAt, setNoticeAt] = useState({ shown, list, rereads });
  if (noticeAt.shown !== shown || noticeAt.list !== list || noticeAt.rereads !== rereads) {
    setNoticeAt({ shown, list, rereads });
    setNotice(null);
  }

  const rerun = () => void flush().finally(() => void check.refetch());

  /**
   * Each image once: its shapes now, fixed, as one undo step there. This tab's edits are saved
   * first; an image not on screen is then read from the server, so a change another client made
   * since this tab last read it is fixed too, never written over.
   */
  const fix = async (targets: readonly FixTarget[]) => {
    setBusy(true);
    setNotice(null);
    try {
      await flush();
      const byImage = new Map<string, Map<string, DatasetFix>>();
      for (const target of targets) {
        const fixes = byImage.get(target.imageUuid) ?? new Map<string, DatasetFix>();
        fixes.set(target.shapeId, target.fix);
        byImage.set(target.imageUuid, fixes);
      }
      for (const [uuid, fixes] of byImage) {
        const state = store.getState();
        const shown = state.imageId === uuid;
        const [image] = shown
          ? [{ width: state.size.width, height: state.size.height, shapes: state.shapes }]
          : await queryClient.fetchQuery({ ...editorImageQuery(trpc, type, name, uuid), staleTime: 0 });
        if (!image) continue;
        const before = image.shapes as EditorShape[];
        const after = applyFixes(before, fixes, { width: image.width, height: image.height });
        if (after.length !== before.length || after.some((shape, i) => shape !== before[i])) store.commitTo(uuid, before, after);
      }
      await flush();
      await check.refetch();
    } catch (cause) {
      setNotice(errorText(cause));
    } finally {
      setBusy(false);
    }
  };

  const open = (place: ShapePlace) => void jumpTo(place).then((found) => setNotice(found ? null : `${place.relPath} is not in the strip's list (clear its filter)`));
  const rules = check.data?.rules ?? [];
  const found = rules.filter((rule) => rule.count > 0);

  return (
    <div className="floating-panel check-panel" role="region" aria-label="Check dataset">
      <div className="row panel-heading">
        <strong>Check dataset</strong>
        <button className="button" aria-label="Close the check" onClick={onClose}>✕</button>
      </div>
      <div className="row">
        <select className="input" aria-label="Format to check" value={format} onChange={(event) => setFormat(event.target.value as typeof format)}>
          <option value="all">Every format</option>
          {(formats.data ?? []).map((entry) => (
            <option key={entry.export_type} value={entry.export_type}>{entry.label}</option>
          ))}
        </select>
        <button className="button" onClick={rerun} disabled={check.isFetching}>Check again</button>
      </div>
      {check.error ? <p className="error small" role="alert">{errorText(check.error)}</p> : null}
      {notice ? <p className="error small" role="alert">{notice}</p> : null}
      {check.isFetching ? <p className="small muted" role="status">Checking…</p> : null}
      {check.data && found.length === 0 ? <p className="small" role="status">Nothing found: {rules.length} checks passed.</p> : null}
      <ul className="check-rules">
        {found.map((rule) => {
          const fixable: FixTarget[] = rule.fix ? rule.entries.flatMap((entry) => (entry.shape_id && entry.image_uuid ? [{ imageUuid: entry.image_uuid, shapeId: entry.shape_id, fix: rule.fix as DatasetFix }] : [])) : [];
          return (
            <li key={rule.rule} className="check-rule" aria-label={rule.title}>
              <div className="row">
                <span className={rule.severity === 'error' ? 'check-severity error' : 'check-severity'}>{rule.severity}</span>
                <span className="check-title">{rule.title}</span>
                <span className="check-count" aria-label="Count">{rule.count}</span>
              </div>
              {fixable.length > 0 ? (
                <button className="button small" disabled={busy} onClick={() => void fix(fixable)}>
                  {rule.fix === 'clip' ? 'Clip' : 'Drop'} all{rule.count > fixable.length ? ` ${fixable.length} listed` : ''}
                </button>
              ) : null}
              <ul className="check-entries">
                {rule.entries.slice(0, SHOWN_ENTRIES).map((entry, i) => (
                  <li key={`${entry.image_uuid}/${entry.shape_id ?? ''}/${i}`} className="row">
                    {entry.image_uuid ? (
                      <button className="link" onClick={() => open({ imageUuid: entry.image_uuid, relPath: entry.rel_path, shapeId: entry.shape_id })}>
                        {entry.rel_path}{entry.shape_id ? ` · ${entry.shape_id}` : ''}
                      </button>
                    ) : null}
                    <span className="small muted">{entry.detail}</span>
                    {rule.fix && entry.shape_id && entry.image_uuid ? (
                      <button className="button small" disabled={busy} onClick={() => void fix([{ imageUuid: entry.image_uuid, shapeId: entry.shape_id ?? '', fix: rule.fix as DatasetFix }])}>
                        {rule.fix === 'clip' ? 'Clip' : 'Drop'}
                      </button>
                    ) : null}
                  </li>
                ))}
                {rule.count > SHOWN_ENTRIES ? <li className="small muted">… and {rule.count - Math.min(SHOWN_ENTRIES, rule.entries.length)} more</li> : null}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
