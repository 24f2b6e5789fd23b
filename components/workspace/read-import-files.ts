'use client';

// Reads what the user chose or dropped into the files an import sends: annotation files as
// text, zips as base64; everything else (a dataset folder's images) is left unread.
import { insideChosenFolder, isImportable, isZip, type SelectedFile } from './import-selection';

interface PickedFile {
  file: File;
  /** The path inside the chosen or dropped folder, or the file name. */
  path: string;
}

/** The file as a data URL: encoded natively, where building base64 in script would copy a zip several times. */
export const dataUrlOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Cannot read ${file.name}`));
    reader.readAsDataURL(file);
  });

const base64Of = async (file: File) => (await dataUrlOf(file)).replace(/^data:[^,]*,/, '');

export async function readPicked(picked: readonly PickedFile[]): Promise<SelectedFile[]> {
  const wanted = insideChosenFolder(picked).filter((entry) => isImportable(entry.path));
  return Promise.all(
    wanted.map(async ({ file, path }) => (isZip(path) ? { path, content: await base64Of(file), encoding: 'base64' as const } : { path, content: await file.text() })),
  );
}

/** Files of an <input type=file>; a folder input gives each file's path inside the folder. */
export const pickedFromInput = (files: FileList | null): PickedFile[] =>
  [...(files ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name }));

async function entriesOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walkEntry(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    into.push({ file, path: entry.fullPath.replace(/^\//, '') });
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walkEntry(child, into);
  }
}

/** Files and folders dropped on the dialog, folders walked. */
export async function pickedFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry()).filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0) return pickedFromInput(transfer.files);
  const picked: PickedFile[] = [];
  for (const entry of entries) await walkEntry(entry, picked);
  return picked;
}
