'use client';

// Imports COCO, VOC, YOLO or labelme annotations from files, a folder or a zip the user picks
// or drops: a preview first (what matches, what does not, which labels come), then Apply and
// a report. The editor's unsaved edits are flushed before, and its copies reloaded after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';
import { detectFormat, IMPORT_FORMAT_LABELS, IMPORT_FORMATS, IMPORT_LIMIT_TEXT, MAX_IMPORT_BYTES, selectionBytes, type ImportFormat, type SelectedFile } from './import-selection';
import { pickedFromDrop, pickedFromInput, readPicked } from './read-import-files';
import type { ProjectType } from './useProject';

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  type: ProjectType;
  name: string;
  /** Sends the editor's pending saves: an import must not be overwritten by an older edit. */
  flush: () => Promise<void>;
  /** The import is stored: the workspace's own copies (the strip's counts and badges, the editor's undo steps) hold shapes it may have replaced. */
  onImported: () => void;
}

export function ImportDialog(props: ImportDialogProps) {
  return (
    <Dialog title="Import annotations" open={props.open} onClose={props.onClose}>
      <ImportForm {...props} />
    </Dialog>
  );
}

interface ImportReport {
  matched_image_count: number;
  unmatched_list: string[];
  error_list: string[];
  labels_added: string[];
  class_numbers_set?: string[];
  class_number_warnings?: string[];
}

const MAX_LISTED = 20;

function Listed({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  const more = items.length - MAX_LISTED;
  return (
    <p className="small">
      {title} ({items.length}): {items.slice(0, MAX_LISTED).join(', ')}
      {more > 0 ? ` and ${more} more` : ''}
    </p>
  );
}

function Summary({ report, applied }: { report: ImportReport; applied: boolean }) {
  const images = report.matched_image_count === 1 ? 'image' : 'images';
  return (
    <div role="status" aria-label={applied ? 'Import report' : 'Import preview'}>
      <p>{applied ? `Imported the shapes of ${report.matched_image_count} ${images}.` : `${report.matched_image_count} ${images} matched.`}</p>
      <Listed title={applied ? 'Labels added' : 'Labels to add'} items={report.labels_added} />
      <Listed title={applied ? 'Class numbers taken from the file' : 'Class numbers to take from the file'} items={report.class_numbers_set ?? []} />
      <Listed title="Class numbers not taken" items={report.class_number_warnings ?? []} />
      <Listed title="Not matched to an image" items={report.unmatched_list} />
      <Listed title="Errors" items={report.error_list} />
    </div>
  );
}

function ImportForm({ onClose, type, name, flush, onImported }: ImportDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<SelectedFile[]>([]);
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const preview = useMutation(trpc.transfer.importAnnotations.mutationOptions());
  const apply = useMutation(
    trpc.transfer.importAnnotations.mutationOptions({
      onSuccess: async () => {
        // At once: an image's new shapes load only as it is shown again, and an undo on the
        // copy shown until then would save the state before the import over it.
        onImported();
        // The shapes, labels and counts the workspace holds are all stale now.
        await Promise.all([
          queryClient.invalidateQueries(trpc.annotation.forEditor.pathFilter()),
          queryClient.invalidateQueries(trpc.label.pathFilter()),
          queryClient.invalidateQueries(trpc.image.pathFilter()),
          queryClient.invalidateQueries(trpc.project.pathFilter()),
        ]);
      },
    }),
  );
  const request = (chosen: ImportFormat) => ({ annotation_type: type, project_name: name, format: chosen, files });

  const runPreview = (selected: SelectedFile[], chosen: ImportFormat | '') => {
    apply.reset();
    preview.reset();
    if (selected.length === 0 || chosen === '') return;
    preview.mutate({ annotation_type: type, project_name: name, format: chosen, files: selected, preview: 'true' });
  };

  const take = async (read: () => Promise<SelectedFile[]>) => {
    setProblem(null);
    setReading(true);
    try {
      const selected = await read();
      if (selected.length === 0) {
        setFiles([]);
        setProblem('No annotation files there (.json, .xml, .txt, .yaml, .names, .data or a .zip)');
        return;
      }
      const bytes = selectionBytes(selected);
      if (bytes > MAX_IMPORT_BYTES) {
        setFiles([]);
        setProblem(`The selection is ${Math.ceil(bytes / 2 ** 20)} MB to send; an import takes at most ${IMPORT_LIMIT_TEXT}. Import it in parts.`);
        return;
      }
      const detected = detectFormat(selected) ?? format;
      setFiles(selected);
      setFormat(detected);
      runPreview(selected, detected);
    } catch (error) {
      setProblem(`Cannot read the selection: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setReading(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const transfer = event.dataTransfer;
    void take(async () => readPicked(await pickedFromDrop(transfer)));
  };

  const onApply = async () => {
    if (format === '') return;
    await flush();
    apply.mutate(request(format));
  };

  const failure = preview.error ?? apply.error;
  return (
    <div className="stack">
      <div className="dropzone" onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        <p className="small">Drop files, a folder or a zip here, or choose:</p>
        <label className="row">
          Files or a zip{' '}
          <input type="file" multiple accept=".json,.xml,.txt,.yaml,.yml,.names,.data,.zip" onChange={(event) => void take(() => readPicked(pickedFromInput(event.target.files)))} />
        </label>
        <label className="row">
          A folder{' '}
          <input type="file" ref={(input) => input?.setAttribute('webkitdirectory', '')} onChange={(event) => void take(() => readPicked(pickedFromInput(event.target.files)))} />
        </label>
      </div>
      <label className="row">
        Format{' '}
        <select className="input" value={format} onChange={(event) => (setFormat(event.target.value as ImportFormat | ''), runPreview(files, event.target.value as ImportFormat | ''))}>
          <option value="">Choose…</option>
          {IMPORT_FORMATS.map((option) => (
            <option key={option} value={option}>{IMPORT_FORMAT_LABELS[option]}</option>
          ))}
        </select>
      </label>
      {files.length > 0 ? <p className="small muted">{files.length === 1 ? files[0]?.path : `${files.length} files`}</p> : null}
      {reading || preview.isPending ? <p className="small" role="status">Reading…</p> : null}
      {/* Apply stayed disabled without a word (YOLO label files without their classes file, say). */}
      {files.length > 0 && format === '' && !reading ? <p className="small" role="status">Choose their format above: it could not be told from the files.</p> : null}
      {problem ? <p className="error small" role="alert">{problem}</p> : null}
      {failure ? <p className="error small" role="alert">{errorText(failure)}</p> : null}
      {apply.data ? <Summary report={apply.data} applied /> : preview.data ? <Summary report={preview.data} applied={false} /> : null}
      <div className="row end">
        <button className="button" type="button" onClick={onClose}>{apply.data ? 'Close' : 'Cancel'}</button>
        <button className="button primary" type="button" disabled={!preview.data || apply.isPending || Boolean(apply.data) || format === ''} onClick={() => void onApply()}>
          Apply
        </button>
      </div>
    </div>
  );
}
