import { LockIcon } from '@/components/ui/LockIcon';

/** Hide and lock buttons for one label or shape; the icons show the effect, the pressed state this item's own switch. */
export function VisibilityToggles(props: {
  name: string;
  hidden: { on: boolean; shown: boolean; toggle: () => void };
  locked: { on: boolean; shown: boolean; toggle: () => void };
}) {
  return (
    <>
      <button className="icon-button small" aria-pressed={props.hidden.on} aria-label={`Hide ${props.name}`} onClick={props.hidden.toggle}>
        {props.hidden.shown ? '◌' : '◉'}
      </button>
      <button className="icon-button small" aria-pressed={props.locked.on} aria-label={`Lock ${props.name}`} onClick={props.locked.toggle}>
        <LockIcon locked={props.locked.shown} />
      </button>
    </>
  );
}
