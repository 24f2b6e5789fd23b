'use client';

import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { WorkspaceCommands } from '@/components/editor/actions/actions';
import { firstKeyHint } from '@/components/editor/actions/keymap';
import type { CanvasHandle } from '@/components/editor/EditorCanvas';
import { switchNotice, type WorkflowSwitch } from '@/components/editor/workflow-switches';
import { LabelPrompt } from '@/components/editor/LabelPrompt';
import { createInputHold } from '@/components/editor/held-input';
import { createEditorStore, READ_ONLY_REASON } from '@/components/editor/model/editor-store';
import { createToolController, toolsFor } from '@/components/editor/model/tools';
import { createOutliner } from '@/components/editor/smart-polygon/outliner';
import { decodedOriginal } from '@/components/editor/useImageElement';
import { SaveIndicator } from '@/components/editor/SaveIndicator';
import { useMe } from '@/components/home/SignedInAs';
import { ConflictDialog } from './ConflictDialog';
import { AddImagesDialog } from './AddImagesDialog';
import { DeleteImageDialog, RenameImageDialog } from './ImageFileDialogs';
import { ImageInfo } from './ImageInfo';
import { ASSIGNEE_PREFIX, presenceText, useAssigneeOptions, usePresence } from './useTeamwork';
import { AssignDialog } from './AssignDialog';
import { ShortcutsHelp } from '@/components/editor/ShortcutsHelp';
import { SimplifyPanel } from '@/components/editor/SimplifyPanel';
import { Toolbar } from '@/components/editor/Toolbar';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { usableColor } from '@/components/ui/color';
import { CheckDatasetPanel } from './CheckDatasetPanel';
import { ClassesDialog } from './ClassesDialog';
import { DuplicatesDialog } from './DuplicatesDialog';
import { ExportMenu } from './ExportMenu';
import { ImportDialog } from './ImportDialog';
import { ImageStrip } from './ImageStrip';
import { LabelPanel, useLabels } from './LabelPanel';
import { NavigationButtons } from './NavigationButtons';
import { PropagateDialog } from './PropagateDialog';
import { SettingsDialog } from './SettingsDialog';
import { SplitDialog } from './SplitDialog';
import { SplitSideControl } from './SplitSideControl';
import { ShapeList } from './ShapeList';
import { StatsPanel } from './StatsPanel';
import { ThumbnailProgress } from './ThumbnailProgress';
import { FolderScanProgress, useFolderScanAtOpen } from './FolderScanProgress';
import { useClassTable, useLabelRemoval } from './useClassTable';
import { useLabelsFromElsewhere } from './useLabelsFromElsewhere';
import { useEditorPersistence } from './useEditorPersistence';
import { useEditorSettings } from './useEditorSettings';
import { useEditorShortcuts } from './useEditorShortcuts';
import { droppedNotice, useDrawingNotice, whenNotDrawing } from './useDrawingNotice';
import { useImageList, type ImageFilter } from './useImageList';
import { useImageMoves } from './useImageMoves';
import { leaveDrawingAsPageGoes, useKeptDrawing } from './useKeptDrawing';
import { useLabelEdits } from './useLabelEdits';
import { originalUrlOf, thumbUrlOf } from './usePrefetchNeighbours';
import { EditorPane } from './EditorPane';
import { createImagePosition } from './image-position';
import { useOpenProject, type ProjectType } from './useProject';
import { useResumePoint, useResumePosition } from './useResumePosition';
import { useImageSplitSide } from './useSplit';

const noItem = (): undefined => undefined;

type OpenDialog = 'help' | 'settings' | 'propagate' | 'simplify' | 'goto' | 'classes' | 'import' | 'split' | 'duplicates' | 'assign' | 'add' | 'rename' | 'delete' | null;

export function Workspace({ type, name }: { type: ProjectType; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const opened = useOpenProject(type, name);
  const ids = useMemo(() => ({ annotation_type: type, project_name: name }), [type, name]);
  // Reopened in the filters the user left: the saved image is looked up in that list.
  const resumePoint = useResumePoint(type, name);
  const [filter, setFilter] = useState<ImageFilter>(resumePoint?.filter ?? 'all');
  // The strip's second filter: a label, or (ASSIGNEE_PREFIX + name) one annotator's images.
  const [stripFilter, setLabelFilter] = useState<string | undefined>(resumePoint?.stripFilter);
  const assignee = stripFilter?.startsWith(ASSIGNEE_PREFIX) ? stripFilter.slice(ASSIGNEE_PREFIX.length) : undefined;
  const labelFilter = assignee === undefined ? stripFilter : undefined;
  const list = useImageList(type, name, filter, labelFilter, assignee);
  // index: what the strip, the position and the panels show; it follows the editor's position
  // a frame after each switch. Moves read and write the position itself.
  const [index, setIndex] = useState(0);
  const [position] = useState(() => createImagePosition(setIndex));
  const [heldInput] = useState(createInputHold);
  const splitSide = useImageSplitSide(type, name, list.setSplit);
  const labels = useLabels(type, name).data ?? [];
  const labelNames = useMemo(() => labels.map((label) => label.name), [labels]);
  const colorOf = useCallback((label: string) => usableColor(labels.find((item) => item.name === label)?.color), [labels]);

  const [store] = useState(() => createEditorStore());
  // Only the active label: the workspace must not re-render on every pointer move.
  const activeLabel = useSyncExternalStore(store.subscribe, () => store.getState().activeLabel, () => store.getState().activeLabel);
  const total = list.counts?.filtered ?? 0;
  const locate = useCallback(
    (imgPath: string) => queryClient.fetchQuery({ ...trpc.image.locate.queryOptions({ ...ids, filter: 'all', name: imgPath }), staleTime: 0 }),
    [queryClient, trpc, ids],
  );
  const { resuming } = useResumePosition({
    type, name, store, saved: resumePoint, filter, stripFilter, total: list.counts ? total : null, index, current: list.itemAt(index), itemAt: list.itemAt,
    labels: labelNames, activeLabel, positionOf: list.positionOf, ensure: list.ensure, locate, position,
  });
  // No image is in the editor while the saved one is looked up.
  const itemAt = resuming ? noItem : list.itemAt;
  const current = itemAt(index);
  const { mayAnnotate, actor, isAdmin } = useMe();
  const assignees = useAssigneeOptions(type, name, actor?.name);
  const alsoHere = presenceText(usePresence(type, name, current?.uuid));
  useEffect(() => store.setReadOnly(!mayAnnotate), [store, mayAnnotate]);
  // The outliner decodes the canvas's own picture, whose URL names the listed file's version.
  const shownItem = useRef(current);
  useEffect(() => {
    shownItem.current = current;
  });
  const [notice, setNotice] = useState<string | null>(null);
  const tellDrawing = useDrawingNotice(store, setNotice);
  useKeptDrawing(store, `${type}/${name}`, tellDrawing);
  const [tools] = useState(() => {
    store.setTool(toolsFor(type)[1]?.id ?? 'select');
    // A huge image is outlined from its preview: decoding it whole would take gigabytes.
    const outline = createOutliner(async (uuid) => {
      const { size } = store.getState();
      const listed = shownItem.current;
      const bitmap = await decodedOriginal(originalUrlOf(type, name, { uuid, ...size, file_version: listed?.uuid === uuid ? listed.file_version : '' }));
      return { bitmap, ...size };
    });
    return createToolController(store, type, { outline, tell: tellDrawing });
  });
  const persistence = useEditorPersistence(type, name, store, (points) => tellDrawing(droppedNotice(points)));
  // The statistics count the project's images and their shapes by label: read again whenever
  // this tab changes either.
  const recountStatistics = useCallback(() => void queryClient.invalidateQueries(trpc.project.statistic.queryFilter(ids)), [queryClient, trpc, ids]);
  // A rename or a merge relabels every stored shape; the open image's shapes follow here.
  const relabel = (from: string, to: string) => {
    store.renameLabel(from, to);
    persistence.renameLabel(from, to);
    recountStatistics();
  };
  // The list shows a rename before the server answers: the label of the next shape follows it
  // then, or the list would seem to have lost it.
  const followRename = useCallback((from: string, to: string) => store.getState().activeLabel === from && store.pickNextLabel(to), [store]);
  const classTable = useClassTable(type, name, relabel);
  const renamedHere = useLabelsFromElsewhere(type, name, classTable.classes, classTable.loaded, relabel);
  const labelEdits = useLabelEdits(type, name, renamedHere, followRename);
  const removal = useLabelRemoval(type, name, labelEdits);
  const classOf = useCallback((label: string) => classTable.classes.find((entry) => entry.name === label), [classTable.classes]);
  const hotkeys = useMemo(() => new Map(classTable.classes.flatMap((entry) => (entry.hotkey ? [[entry.hotkey, entry.name] as const] : []))), [classTable.classes]);
  const settings = useEditorSettings();
  const { workflow } = settings;
  const [canvas, setCanvas] = useState<CanvasHandle | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const { saveStatus, flush } = persistence;
  const { refreshCounts, setShapeCount } = list;
  useEffect(() => {
    if (saveStatus !== 'saved') return;
    recountStatistics();
    void refreshCounts();
  }, [saveStatus, recountStatistics, refreshCounts]);
  // The strip's shape badges follow this tab's edits at once (propagated ones too).
  useEffect(() => {
    const unsubscribe = store.onDocumentChange((uuid, shapes) => setShapeCount(uuid, shapes.length));
    return () => void unsubscribe();
  }, [store, setShapeCount]);
  useActiveLabelFollowsLabels(store, labelNames, activeLabel);

  // A panel beside the canvas, not a modal: its entries open images while it stays open.
  const [checking, setChecking] = useState(false);
  const moves = useImageMoves({
    type, name, store, tools, tellDrawing, setNotice, list, position, itemAt, heldInput, persistence,
    shown: { filter, stripFilter, labelFilter, assignee, total, index },
    open: (choice) => {
      setFilter(choice.filter);
      setLabelFilter(choice.stripFilter);
    },
    autoAdvance: workflow.autoAdvance,
  });
  const { afterSaves, rereadList, chosen, chooseList } = moves;

  // The project's images changed elsewhere than in the list (a delete here, a scan, an import):
  // the list is read again at the same image. The image deleted in view gives its place to the
  // one after it (the one before, at the end: the list read again is shorter than the place,
  // see below).
  const rereadImages = (dropped: string | null = null) => {
    recountStatistics();
    void rereadList(dropped);
  };

  // An import rewrote shapes the strip counts and the editor's undo steps grew from.
  const shapesImported = () => {
    store.forgetHistory();
    rereadImages();
  };

  // Opened while its folder was still scanned: the images found after the list was read join it.
  // Read once the polygon being drawn is done: the scan's end is no reason to close it half drawn.
  const scan = useFolderScanAtOpen({ type, name, opened: opened.isSuccess, onScanned: () => whenNotDrawing(store, () => afterSaves(rereadImages)) });

  const imagesAdded = (added: readonly string[]) => {
    recountStatistics();
    moves.openAdded(added);
  };

  // Only the More menu showed these switches: K and Shift+A turned them without a word.
  const turnSwitch = (which: WorkflowSwitch) => {
    const on = !workflow[which];
    settings.saveWorkflow({ ...workflow, [which]: on });
    setNotice(switchNotice(which, on));
  };
  const commands: WorkspaceCommands = {
    next: moves.next,
    previous: moves.previous,
    nextUnlabeled: moves.nextUnlabeled,
    goTo: () => setDialog('goto'),
    fit: () => canvas?.fit(),
    actualSize: () => canvas?.actualSize(),
    help: () => setDialog('help'),
    settings: () => setDialog('settings'),
    simplify: () => store.getState().shapes.some((shape) => shape.id === store.getState().selectedId && shape.kind === 'polygon') && setDialog('simplify'),
    propagate: () => setDialog('propagate'),
    toggleKeepPrevious: () => turnSwitch('keepPrevious'),
    toggleAutoAdvance: () => turnSwitch('autoAdvance'),
    tellDrawing,
    checkDataset: () => setChecking(true),
    renameImage: () => isAdmin && itemAt(position.get()) && setDialog('rename'),
    mayChangeFiles: isAdmin,
    mayAnnotate,
    setSplit: (side) => {
      const shown = itemAt(position.get());
      if (shown && mayAnnotate) splitSide.set(shown.uuid, side);
    },
  };
  const keyHint = (actionId: string) => firstKeyHint(settings.keys, actionId);
  const actionContext = { store, tools, heldKeys: heldInput, projectType: type, labels: labelNames, workspace: commands };
  const { spaceHeld } = useEditorShortcuts(settings.keys, actionContext, hotkeys);

  if (opened.error) {
    return (
      <main className="page">
        <p className="error" role="alert">{errorText(opened.error)}</p>
        <Link className="button" href="/">Back to projects</Link>
      </main>
    );
  }

  return (
    <div className="workspace">
      <header className="topbar">
        {/* In a narrow window the arrows stand alone (topbar-long): the bar keeps one row. */}
        {/* A polygon half drawn went with the workspace without a word: closed as a move closes it (kept, when it would ask for its label). */}
        <Link
          className="button"
          href="/"
          aria-label="← Projects"
          onClick={(event) => {
            // A modified click opens the list in another tab or window and this page stays, the
            // drawing in it: kept as well, it came back as a second copy at the next opening.
            if (!(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) leaveDrawingAsPageGoes(store, tools, `${type}/${name}`);
            void flush();
          }}
        >
          ← <span className="topbar-long">Projects</span>
        </Link>
        <h1 className="topbar-title">{name}</h1>
        {/* A list being read has no length yet: "0 / 0" said it held no images. */}
        <span className="muted" aria-label="Position">{!list.counts ? '… / …' : total > 0 ? `${index + 1} / ${total}` : '0 / 0'}</span>
        <button className="button" onClick={() => commands.previous()} disabled={index <= 0} title={`Previous image${keyHint('image.previous')}`} aria-label="‹ Prev">‹<span className="topbar-long"> Prev</span></button>
        <button className="button" onClick={() => commands.next()} disabled={index >= total - 1} title={`Next image${keyHint('image.next')}`} aria-label="Next ›"><span className="topbar-long">Next </span>›</button>
        <NavigationButtons
          goToOpen={dialog === 'goto'}
          setGoToOpen={(open) => setDialog(open ? 'goto' : null)}
          goTo={moves.goTo}
          whyNotFound={moves.whyNotFound}
          nextUnlabeled={moves.nextUnlabeled}
          notice={notice}
          keyHint={keyHint}
        />
        <span className="topbar-path muted" title={current?.img_path}>{current?.img_path}</span>
        {alsoHere ? <span className="badge presence" role="status" aria-label="Presence">{alsoHere}</span> : null}
        <SplitSideControl side={current?.split} disabled={!current} mayChange={mayAnnotate} onChange={(side) => current && splitSide.set(current.uuid, side)} error={splitSide.error} />
        {mayAnnotate ? <SaveIndicator status={saveStatus} problem={persistence.saveProblem} held={heldInput} /> : <span className="badge" title={READ_ONLY_REASON}>Read only</span>}
        <button className="button" onClick={() => setDialog('split')}>Split…</button>
        <button className="button" onClick={() => setDialog('duplicates')}>Duplicates…</button>
        {isAdmin ? <button className="button" onClick={() => setDialog('assign')}>Assign…</button> : null}
        {isAdmin ? (
          <>
            <button className="button" onClick={() => setDialog('import')}>Import…</button>
            <ExportMenu type={type} name={name} />
          </>
        ) : null}
      </header>
      <ImageStrip
        thumbUrl={(item) => thumbUrlOf(type, name, item)}
        total={total}
        itemAt={list.itemAt}
        requestPage={list.requestPage}
        currentIndex={index}
        onSelect={moves.openListed}
        filter={chosen.filter}
        label={chosen.stripFilter}
        assignees={assignees}
        labels={labelNames}
        onLabel={(next) => chooseList({ ...chosen, stripFilter: next })}
        // The chip already chosen reads its list again in place, as Update list does: it reopened at image 1.
        onFilter={(next) => (next === filter && next === chosen.filter ? afterSaves((dropped) => void rereadList(dropped)) : chooseList({ ...chosen, filter: next }))}
        onRefresh={() => afterSaves((dropped) => void rereadList(dropped))}
        counts={list.counts}
        reading={moves.reading}
      >
        <FolderScanProgress scan={scan} />
        <ThumbnailProgress type={type} name={name} opened={opened.isSuccess} />
      </ImageStrip>
      <main className="stage-area">
        <Toolbar context={actionContext} keys={settings.keys} workflow={workflow} />
        {total === 0 && list.counts ? (
          <div className="empty">
            {scan.running ? (
              <p>Scanning the project folder: its images show here once the scan is done.</p>
            ) : filter !== 'all' || stripFilter !== undefined ? (
              <p>No image matches this filter.</p>
            ) : isAdmin ? (
              <>
                <p>This project has no images yet: add some here, or copy them into its folder and reload it.</p>
                <button type="button" className="button" onClick={() => setDialog('add')}>Add images…</button>
              </>
            ) : (
              <p>This project has no images yet.</p>
            )}
          </div>
        ) : (
          <EditorPane
            type={type}
            name={name}
            store={store}
            tools={tools}
            position={position}
            itemAt={itemAt}
            persistence={persistence}
            keepPrevious={workflow.keepPrevious}
            takeCarried={moves.takeCarried}
            colorOf={colorOf}
            spaceHeld={spaceHeld}
            onReady={setCanvas}
            held={heldInput}
          />
        )}
        {dialog === 'simplify' ? <SimplifyPanel store={store} onClose={closeDialog} /> : null}
        {checking ? <CheckDatasetPanel type={type} name={name} store={store} flush={flush} jumpTo={moves.openShape} shown={index} list={chosen} rereads={moves.rereads} onClose={() => setChecking(false)} /> : null}
      </main>
      <aside className="sidepanel">
        <LabelPanel
          type={type}
          name={name}
          labels={labels}
          activeLabel={activeLabel}
          onPick={(label) => store.setActiveLabel(label)}
          edits={labelEdits}
          readOnly={!mayAnnotate}
          store={store}
          classOf={classOf}
          removal={removal}
          onOpenClasses={() => setDialog('classes')}
        />
        <ShapeList store={store} colorOf={colorOf} />
        <ImageInfo
          type={type}
          name={name}
          uuid={current?.uuid}
          imgPath={current?.img_path}
          onAdd={isAdmin ? () => setDialog('add') : undefined}
          onRename={isAdmin ? () => setDialog('rename') : undefined}
          onDelete={isAdmin ? () => setDialog('delete') : undefined}
        />
        <StatsPanel type={type} name={name} labels={labels} />
      </aside>
      <ConflictDialog conflict={persistence.conflict} onChoose={persistence.resolveConflict} type={type} name={name} itemAt={list.itemAt} total={total} index={index} onOpen={moves.openListed} />
      <AssignDialog open={dialog === 'assign'} onClose={closeDialog} type={type} name={name} total={total} filter={filter} label={labelFilter} assignee={assignee} kept={list.kept} keptUuidsIn={list.keptUuidsIn} />
      <ShortcutsHelp open={dialog === 'help'} onClose={() => setDialog(null)} keys={settings.keys} context={actionContext} />
      <SettingsDialog open={dialog === 'settings'} onClose={() => setDialog(null)} settings={settings} context={actionContext} classHotkeys={hotkeys} />
      <PropagateDialog open={dialog === 'propagate'} onClose={() => setDialog(null)} store={store} type={type} name={name} index={index} total={total} ensure={list.ensure} />
      <ImportDialog open={dialog === 'import'} onClose={closeDialog} type={type} name={name} flush={persistence.flush} onImported={shapesImported} />
      <ClassesDialog open={dialog === 'classes'} onClose={() => setDialog(null)} table={classTable} edits={labelEdits} removal={removal} keys={settings.keys} readOnly={!mayAnnotate} />
      <SplitDialog open={dialog === 'split'} onClose={closeDialog} type={type} name={name} maySplit={isAdmin} onSplit={() => void list.refreshSplits()} />
      <DuplicatesDialog
        open={dialog === 'duplicates'}
        onClose={closeDialog}
        type={type}
        name={name}
        thumbUrl={(member) => thumbUrlOf(type, name, member)}
        onOpen={(imgPath) => void moves.goTo(imgPath).then((found) => found || setNotice(`${imgPath} is not in this list: show All to open it`))}
      />
      <AddImagesDialog open={dialog === 'add'} onClose={closeDialog} type={type} name={name} onAdded={imagesAdded} />
      <RenameImageDialog open={dialog === 'rename'} onClose={closeDialog} type={type} name={name} image={current} onRenamed={list.setPath} />
      <DeleteImageDialog
        open={dialog === 'delete'}
        onClose={closeDialog}
        type={type}
        name={name}
        image={current}
        shapeCount={current?.shape_count ?? 0}
        beforeDelete={flush}
        // Not with the uuid: rereadImages takes a notice to say again.
        onDeleted={() => rereadImages()}
      />
      <LabelPrompt store={store} labels={labelNames} onNewLabel={labelEdits.add} />
    </div>
  );
}

/** New shapes get the first label until the user picks one; a removed label is no longer picked. */
function useActiveLabelFollowsLabels(store: ReturnType<typeof createEditorStore>, labelNames: readonly string[], activeLabel: string) {
  const previous = useRef<readonly string[]>([]);
  useEffect(() => {
    // Read now, not from the render: the resumed label may have been picked in this commit.
    const picked = store.getState().activeLabel;
    // Never setActiveLabel: with shapes picked, that would relabel them.
    if (!picked && labelNames[0]) store.pickNextLabel(labelNames[0]);
    else if (previous.current.includes(picked) && !labelNames.includes(picked)) store.pickNextLabel(labelNames[0] ?? '');
    previous.current = labelNames;
  }, [labelNames, activeLabel, store]);
}
