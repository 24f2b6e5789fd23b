// Native folder/file pickers. LABELPORT_CHOOSER (tests, headless setups) wins; otherwise the
// desktop's own dialog. The command prints an absolute path, or nothing when cancelled.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

export type ChooserKind = 'folder' | 'file';

export interface Chooser {
  /** Resolves to the chosen absolute path, or '' when cancelled (or aborted). Rejects when no dialog exists. */
  choose(kind: ChooserKind, signal?: AbortSignal): Promise<string>;
  /** Whether a dialog can be shown at all, checked before a PUT answers. */
  available(): Promise<boolean>;
}

const execFileAsync = promisify(execFile);

interface DialogCommand {
  program: string;
  args: (kind: ChooserKind) => string[];
}

const DIALOGS: Record<string, DialogCommand[]> = {
  linux: [
    {
      program: 'zenity',
      args: (kind) => ['--file-selection', ...(kind === 'folder' ? ['--directory'] : ['--file-filter=*.txt *.json']), '--title=Labelport'],
    },
    { program: 'kdialog', args: (kind) => (kind === 'folder' ? ['--getexistingdirectory', '~'] : ['--getopenfilename', '~']) },
  ],
  darwin: [
    {
      program: 'osascript',
      args: (kind) => ['-e', `POSIX path of (choose ${kind === 'folder' ? 'folder' : 'file'})`],
    },
  ],
  win32: [
    {
      program: 'powershell',
      args: (kind) => [
        '-NoProfile',
        '-Command',
        kind === 'folder'
          ? 'Add-Type -AssemblyName System.Windows.Forms; $d=New-Object System.Windows.Forms.FolderBrowserDialog; if($d.ShowDialog() -eq "OK"){$d.SelectedPath}'
          : 'Add-Type -AssemblyName System.Windows.Forms; $d=New-Object System.Windows.Forms.OpenFileDialog; if($d.ShowDialog() -eq "OK"){$d.FileName}',
      ],
    },
  ],
};

async function onPath(program: string): Promise<boolean> {
  try {
    await execFileAsync(process.platform === 'win32' ? 'where' : 'which', [program]);
    return true;
  } catch {
    return false;
  }
}

function runShell(command: string, kind: ChooserKind, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    // The abort signal closes the dialog: a shutdown must not wait for a person to pick a file.
    const child = spawn(`${command} ${kind}`, { shell: true, stdio: ['ignore', 'pipe', 'inherit'], signal });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => (signal?.aborted ? resolve('') : reject(error)));
    child.on('close', () => resolve(signal?.aborted ? '' : output.trim()));
  });
}

export function createChooser(command: string | undefined = process.env.LABELPORT_CHOOSER): Chooser {
  const configured = command?.trim();
  let dialog: Promise<DialogCommand | null> | undefined;
  const findDialog = () =>
    (dialog ??= (async () => {
      for (const candidate of DIALOGS[process.platform] ?? []) if (await onPath(candidate.program)) return candidate;
      return null;
    })());

  return {
    available: async () => Boolean(configured) || (await findDialog()) !== null,
    choose: async (kind, signal) => {
      if (configured) return runShell(configured, kind, signal);
      const found = await findDialog();
      if (!found) throw new Error('No file dialog is available: install zenity or set LABELPORT_CHOOSER');
      try {
        const { stdout } = await execFileAsync(found.program, found.args(kind), { signal });
        return stdout.trim();
      } catch {
        return ''; // the dialogs exit non-zero on cancel
      }
    },
  };
}
