// The workflow switches (kept with the editor settings), as the user is told of them: the More
// menu's check, the notice when a key turns one, and the toolbar's badge while one is on.

export type WorkflowSwitch = 'keepPrevious' | 'autoAdvance';

export const WORKFLOW_SWITCHES: Record<WorkflowSwitch, { name: string; whileOn: string; action: string }> = {
  keepPrevious: { name: 'Keep previous', whileOn: "an empty image starts with the previous image's shapes", action: 'propagate.keepPrevious' },
  autoAdvance: { name: 'Auto-advance', whileOn: 'the next image opens once a shape is labelled', action: 'workflow.autoAdvance' },
};

export function switchNotice(which: WorkflowSwitch, on: boolean): string {
  const { name, whileOn } = WORKFLOW_SWITCHES[which];
  return on ? `${name} is on: ${whileOn}` : `${name} is off`;
}
