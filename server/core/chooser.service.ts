import type { Chooser, ChooserKind } from '@/server/files/chooser';
import { DomainError, invalidState } from './errors';

export interface ChooserWindow {
  open: boolean;
  /** The last choice; '' when cancelled or never chosen. */
  chosenPath: string;
}

/** A team server's stand-in for the dialog: whatever asks for it fails, and nothing opens. */
export const refusingChooser: Chooser = {
  choose: () => Promise.reject(new DomainError('unsupported', 'This team server has no file dialog')),
  available: () => Promise.resolve(false),
};

/**
 * classifai's two selection windows: PUT opens one, GET polls until it closes. remote: a team
 * server with project roots, whose users sit at other machines: a dialog on the server helps nobody.
 */
export function createChooserService(chooser: Chooser, options: { remote?: boolean } = {}) {
  const windows: Record<ChooserKind, ChooserWindow> = {
    folder: { open: false, chosenPath: '' },
    file: { open: false, chosenPath: '' },
  };
  return {
    async open(kind: ChooserKind): Promise<void> {
      const window = windows[kind];
      if (window.open) return;
      if (options.remote) throw new DomainError('unsupported', 'This team server has no file dialog: pick a folder under its project roots instead');
      if (!(await chooser.available())) {
        throw invalidState('No file dialog is available on this machine: install zenity or set LABELPORT_CHOOSER');
      }
      window.open = true;
      window.chosenPath = '';
      void chooser
        .choose(kind)
        .then((chosen) => (window.chosenPath = chosen), () => (window.chosenPath = ''))
        .finally(() => (window.open = false));
    },
    status(kind: ChooserKind): ChooserWindow {
      return { ...windows[kind] };
    },
  };
}
