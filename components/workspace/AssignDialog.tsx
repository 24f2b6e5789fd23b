'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { errorText, useTRPC } from '@/components/trpc/provider';
import type { ImageFilter } from './useImageList';
import type { ProjectType } from './useProject';

interface AssignDialogProps {
  open: boolean;
  onClose: () => void;
  type: ProjectType;
  name: string;
  /** The strip's list now: positions and "the whole list" mean it. */
  total: number;
  filter: ImageFilter;
  label: string | undefined;
  /** The strip narrowed to one annotator's images. */
  assignee: string | undefined;
  /** The strip keeps its list as opened (useImageList): its positions are not those of the list the server reads. */
  kept: boolean;
  /** The images at the strip's positions [from, to) of a kept list. */
  keptUuidsIn: (from: number, to: number) => Promise<string[] | undefined>;
}

/** An admin hands images to annotators: a range of the strip, the whole list shown, or round-robin. */
export function AssignDialog({ open, onClose, type, name, total, filter, label, assignee, kept, keptUuidsIn }: AssignDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery({ ...trpc.users.list.queryOptions(), enabled: open, retry: false });
  const [mode, setMode] = useState<'range' | 'list' | 'round-robin' | 'unassign'>('range');
  const [from, setFrom] = useState(1);
  const [to, setTo] = useState(Math.max(1, total));
  const [names, setNames] = useState('');
  const [onlyUnassigned, setOnlyUnassigned] = useState(true);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const project = { annotation_type: type, project_name: name };
  const list = { filter, ...(label === undefined ? {} : { label }), ...(assignee === undefined ? {} : { assignee }) };
  const onSuccess = ({ assigned }: { assigned: number }) => {
    setDone(`${assigned} image${assigned === 1 ? '' : 's'} ${mode === 'unassign' ? 'unassigned' : 'assigned'}`);
    void queryClient.invalidateQueries(trpc.teamwork.pathFilter());
    void queryClient.invalidateQueries(trpc.image.page.pathFilter());
  };
  const assign = useMutation(trpc.teamwork.assign.mutationOptions({ onSuccess }));
  const roundRobin = useMutation(trpc.teamwork.roundRobin.mutationOptions({ onSuccess }));
  const chosen = names.split(',').map((entry) => entry.trim()).filter(Boolean);
  const whole = mode === 'list' || mode === 'round-robin';
  const failure = assign.error ?? roundRobin.error;

  // The server reads the list as it is now; a kept list has images labelled since at their
  // places, so the images the strip numbers go by uuid, in its order (round-robin deals in it).
  const keptTarget = async () => {
    const [first, last] = whole ? [1, total] : [from, Math.min(to, total)];
    const uuids = Number.isInteger(first) && Number.isInteger(last) && first >= 1 && last >= first ? await keptUuidsIn(first - 1, last) : undefined;
    if (uuids?.length) return { kind: 'images' as const, uuids };
    setProblem(`No images in positions ${first} to ${last} (the list has ${total})`);
    return null;
  };

  const submit = async () => {
    setDone(null);
    setProblem(null);
    const target = kept ? await keptTarget() : whole ? { kind: 'list' as const, list } : { kind: 'range' as const, list, from, to };
    if (!target) return;
    if (mode === 'round-robin') roundRobin.mutate({ ...project, target, assignees: chosen, only_unassigned: onlyUnassigned });
    else assign.mutate({ ...project, target, assignee: mode === 'unassign' ? null : (chosen[0] ?? '') });
  };

  return (
    <Dialog title="Assign images" open={open} onClose={onClose}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="segmented">
          {(['range', 'list', 'round-robin', 'unassign'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="assign-mode" checked={mode === value} onChange={() => setMode(value)} />{' '}
              {value === 'range' ? 'Positions' : value === 'list' ? 'Whole list' : value === 'round-robin' ? 'Round-robin' : 'Unassign positions'}
            </label>
          ))}
        </fieldset>
        <p className="muted small">
          The list is the strip&apos;s as it is now ({total} images{label === undefined ? '' : `, label ${label}`}, {filter}).
        </p>
        {mode === 'range' || mode === 'unassign' ? (
          <div className="row">
            <label className="field">
              From
              <input type="number" min={1} value={from} onChange={(event) => setFrom(Number(event.target.value))} />
            </label>
            <label className="field">
              To
              <input type="number" min={1} value={to} onChange={(event) => setTo(Number(event.target.value))} />
            </label>
          </div>
        ) : null}
        {mode !== 'unassign' ? (
          <label className="field">
            {mode === 'round-robin' ? 'Annotators (comma-separated)' : 'Annotator'}
            <input list="assign-users" value={names} onChange={(event) => setNames(event.target.value)} required />
            <datalist id="assign-users">
              {(users.data ?? []).filter((user) => user.role !== 'viewer').map((user) => (
                <option key={user.name} value={user.name} />
              ))}
            </datalist>
          </label>
        ) : null}
        {mode === 'round-robin' ? (
          <label>
            <input type="checkbox" checked={onlyUnassigned} onChange={(event) => setOnlyUnassigned(event.target.checked)} /> Only images no one has
          </label>
        ) : null}
        {problem || failure ? <p className="error" role="alert">{problem ?? errorText(failure)}</p> : null}
        {done ? <p role="status">{done}</p> : null}
        <div className="row end">
          <button className="button" type="button" onClick={onClose}>
            Close
          </button>
          <button className="button primary" type="submit">
            {mode === 'unassign' ? 'Unassign' : 'Assign'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
