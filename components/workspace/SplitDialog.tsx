'use client';

// The project's train/val/test split: percentages and seed, the Split button, and how many
// images (in all, per label, without shapes) each side holds now.
import { useState } from 'react';
import { errorText } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';
import { SPLIT_SIDES, useSplitOverview, type SplitSide } from './useSplit';
import type { ProjectType } from './useProject';

interface SplitDialogProps {
  open: boolean;
  onClose: () => void;
  type: ProjectType;
  name: string;
  /** Only an admin splits (split.run): the others see the sides, not a Split that would be refused. */
  maySplit: boolean;
  /** Every image may have another side now. */
  onSplit: () => void;
}

export function SplitDialog(props: SplitDialogProps) {
  return (
    <Dialog wide title="Split" open={props.open} onClose={props.onClose}>
      <SplitForm {...props} />
    </Dialog>
  );
}

type Tally = Record<SplitSide | 'none', number>;
const emptyTally = (): Tally => ({ train: 0, val: 0, test: 0, none: 0 });
const tallyOf = (entries: ReadonlyArray<{ side: SplitSide | null; images: number }>) => {
  const tally = emptyTally();
  for (const entry of entries) tally[entry.side ?? 'none'] += entry.images;
  return tally;
};

function SplitForm({ onClose, type, name, maySplit, onSplit }: SplitDialogProps) {
  const { overview, run } = useSplitOverview(type, name, true);
  const data = overview.data;
  // Edited text, kept apart from the stored settings until Split is pressed.
  const [draft, setDraft] = useState<Record<SplitSide | 'seed', string> | null>(null);
  const fields = draft ?? (data ? { seed: String(data.seed), ...Object.fromEntries(SPLIT_SIDES.map((side) => [side, String(data.percentages[side])])) } : null) as Record<SplitSide | 'seed', string> | null;
  const [problem, setProblem] = useState<string | null>(null);

  const split = () => {
    if (!fields) return;
    setProblem(null);
    const numbers = Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, /^\d+$/.test(text.trim()) ? Number(text) : NaN])) as Record<SplitSide | 'seed', number>;
    if (Object.values(numbers).some(Number.isNaN)) return setProblem('The seed and the percentages are whole numbers from 0');
    const sum = numbers.train + numbers.val + numbers.test;
    if (sum !== 100) return setProblem(`The percentages must add up to 100 (they add up to ${sum})`);
    run.mutate(
      { annotation_type: type, project_name: name, seed: numbers.seed, percentages: { train: numbers.train, val: numbers.val, test: numbers.test } },
      {
        onSuccess: () => {
          setDraft(null);
          onSplit();
        },
      },
    );
  };

  const perLabel = new Map<string, Tally>();
  for (const entry of data?.per_label ?? []) {
    const tally = perLabel.get(entry.label) ?? emptyTally();
    tally[entry.side ?? 'none'] += entry.images;
    perLabel.set(entry.label, tally);
  }
  const rows: Array<[string, Tally]> = data
    ? [['All images', tallyOf(data.per_side)], ...[...perLabel].sort(([a], [b]) => a.localeCompare(b)).map(([label, tally]): [string, Tally] => [`with ${label}`, tally]), ['without shapes', tallyOf(data.unlabeled)]]
    : [];
  const failure = problem ?? (run.error ? errorText(run.error) : overview.error ? errorText(overview.error) : null);

  return (
    <div className="stack">
      {fields && !maySplit ? (
        <p className="muted" role="status" aria-label="Split settings">
          {SPLIT_SIDES.map((side) => `${side} ${fields[side]} %`).join(', ')}, seed {fields.seed}. Only an admin splits the project.
        </p>
      ) : null}
      {fields && maySplit ? (
        <form className="row" onSubmit={(event) => { event.preventDefault(); split(); }}>
          {SPLIT_SIDES.map((side) => (
            <label key={side} className="field">
              <span>{side} %</span>
              <input className="input narrow" inputMode="numeric" aria-label={`${side} percent`} value={fields[side]} onChange={(event) => setDraft({ ...fields, [side]: event.target.value })} />
            </label>
          ))}
          <label className="field">
            <span>Seed</span>
            <input className="input narrow" inputMode="numeric" aria-label="Seed" value={fields.seed} onChange={(event) => setDraft({ ...fields, seed: event.target.value })} />
          </label>
          <button type="submit" className="button primary" disabled={run.isPending}>{run.isPending ? 'Splitting…' : 'Split'}</button>
        </form>
      ) : null}
      {data && data.unhashed > 0 ? (
        <p className="notice" role="status">
          {data.unhashed} image{data.unhashed === 1 ? ' is' : 's are'} not hashed yet: a split cannot keep their duplicates on one side, and
          splitting again after they are hashed may move them. Run &quot;Duplicates…&quot; → Find duplicates first.
        </p>
      ) : null}
      <p className="muted small">
        Every image gets a side; each label&apos;s images are spread by the percentages, and duplicate images (found with
        &quot;Duplicates…&quot;) stay on one side. The same seed gives the same split again. Changing one image&apos;s side
        (the side select above the image, or Shift+T / Shift+V / Shift+E) is kept until you split again: splitting again replaces it.
      </p>
      {data ? (
        <table className="classes-table split-table" aria-label="Images per side">
          <thead>
            <tr><th>Images</th>{SPLIT_SIDES.map((side) => <th key={side}>{side}</th>)}<th>no side</th></tr>
          </thead>
          <tbody>
            {rows.map(([title, tally]) => (
              <tr key={title} data-row={title}>
                <td>{title}</td>
                {SPLIT_SIDES.map((side) => <td key={side} data-side={side}>{tally[side]}</td>)}
                <td data-side="none">{tally.none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data?.split_at === null ? <p className="muted small">This project has not been split yet.</p> : null}
      {failure ? <p className="error small" role="alert">{failure}</p> : null}
      <div className="row end">
        <button type="button" className="button" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}
