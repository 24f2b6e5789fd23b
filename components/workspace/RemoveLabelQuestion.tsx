'use client';

import { usageSentence, type LabelRemoval } from './useClassTable';

/** The question before a used label leaves the list; its shapes keep the label either way. */
export function RemoveLabelQuestion({ removal }: { removal: LabelRemoval }) {
  const { pending } = removal;
  if (!pending) return null;
  return (
    <div className="remove-question" role="alertdialog" aria-label={`Remove ${pending.label}?`}>
      <p>
        {usageSentence(pending)}. Remove it from the list? {pending.shapes === 1 ? 'The shape keeps its label.' : 'The shapes keep their label.'}
      </p>
      <div className="row end">
        <button type="button" className="button" onClick={removal.cancel}>Keep</button>
        <button type="button" className="button primary" onClick={removal.confirm}>Yes, remove {pending.label}</button>
      </div>
    </div>
  );
}
