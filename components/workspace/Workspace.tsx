'use client';

import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { WorkspaceCommands } from '@/components/editor/actions/actions';
import { firstKeyHint } from '@/components/editor/actions/keymap';
import type { CanvasHandle } from '@/components/editor/EditorCanvas';
import { switchNotice, type WorkflowSwitch } from '@/components/editor/workflow-switches';
import { LabelPrompt } from '@/components/editor/LabelPrompt';
import { createInputHold } from '@/components/editor/held-input';
import { createEditorStore, READ_ONLY_REASON } from '@/components/editor/model/editor-store';
import type { EditorShape } from '@/components/editor/model/types';
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
import { drawnPoints, leaveDrawing, useDrawingNotice, whenLabelled, whenNotDrawing } from './useDrawingNotice';
import { useImageList, type ImageFilter } from './useImageList';
import { useImageNavigation } from './useImageNavigation';
import { useMovesAwaitingList } from './useMovesAwaitingList';
import { useJumpToShape, type ShapePlace } from './useJumpToShape';
import { useLabelEdits } from './useLabelEdits';
import { originalUrlOf, thumbUrlOf } from './usePrefetchNeighbours';
import { EditorPane, takeHeldExit } from './EditorPane';
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
  const persistence = useEditorPersistence(type, name, store);
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

  // What "keep previous" starts the next empty image with: set by a step, taken on arrival.
  const carried = useRef<EditorShape[] | null>(null);
  const takeCarried = useCallback(() => {
    const shapes = carried.current;
    carried.current = null;
    return shapes;
  }, []);

  const { leave, applyHeld } = persistence;
  // A polygon closed by a move (settleDrawing) is labelled on the image left: auto-advance, taking
  // it for the user's, stepped once more and skipped the image the move went to.
  const settling = useRef(false);
  /**
   * Before the image in view may be left (a move, another list, the list read again): the
   * polygon being drawn goes as leaveDrawing says, with its word. False: the label prompt holds it.
   */
  const settleDrawing = useCallback(() => {
    settling.current = true;
    let drawing: ReturnType<typeof leaveDrawing>;
    try {
      drawing = leaveDrawing(store, tools);
    } finally {
      settling.current = false;
    }
    if (drawing.notice) tellDrawing(drawing.notice);
    return !drawing.stay;
  }, [store, tools, tellDrawing]);
  /** step: the user stepped to a neighbour (next/previous), the one move "keep previous" follows. */
  const go = useCallback(
    (next: number, step = false) => {
      // The list's length now, not at the last render: a key pressed while the list was read lands.
      if (next < 0 || next >= list.sizeNow()) return;
      // A notice speaks of the image left or of a moment past (a switch turned: the toolbar keeps showing one on).
      setNotice(null);
      if (!settleDrawing()) return;
      // A box drawn before this image reached the editor goes on to it without the editor.
      const held = takeHeldExit(heldInput, type, name, itemAt(position.get()), store.getState().activeLabel);
      if (held) applyHeld(held);
      const { imageId, shapes } = store.getState();
      // The image left behind keeps its latest shapes in the cache, whatever comes back first.
      if (imageId) leave(imageId, shapes);
      carried.current = step ? shapes : null;
      void flush();
      // Only to have its page on the way: a read cancelled by the list reopening is asked for again by the strip.
      void list.ensure(next).catch(() => undefined);
      position.set(next);
    },
    [flush, list, itemAt, total, store, settleDrawing, leave, applyHeld, heldInput, type, name, position],
  );
  // The next key's move: it waits for a list chosen in the strip as the key does (stepped in the
  // list being left, it was undone by the opening).
  const advance = useEffectEvent(() => commands.next());
  useEffect(() => {
    if (!workflow.autoAdvance) return;
    // After the shape is drawn and committed, so its save is queued for this image first.
    // A shape undone before the move came (Ctrl+Z at once) asks for none: the image was left empty behind.
    const unsubscribe = store.onShapeLabelled(({ id }) => {
      if (!settling.current) setTimeout(() => store.getState().shapes.some((shape) => shape.id === id) && advance(), 0);
    });
    return () => void unsubscribe();
  }, [store, workflow.autoAdvance]);

  const onNothingLeft = useCallback(() => setNotice('Every image here has shapes'), []);
  const { positionOf, keptUuidAt, kept } = list;
  const navigation = useImageNavigation({ type, name, filter, label: labelFilter, assignee, total, index, go, positionOf, kept, keptUuidAt, onNothingLeft });
  // A panel beside the canvas, not a modal: its entries open images while it stays open.
  const [checking, setChecking] = useState(false);
  const jumpTo = useJumpToShape({ type, name, filter, label: labelFilter, assignee, store, go, shown: position.get, positionOf });
  const listMoves = useMovesAwaitingList(list.whenRead, (move) =>
    typeof move === 'string' ? commands[move]() : 'goTo' in move ? move.found(navigation.goTo(move.goTo)) : move.found(jumpTo(move.open)),
  );
  // Typed right after a filter was chosen: image 6 of the list being read, not of the one left
  // (where it was undone by the opening) nor of a list still empty ("No image matches").
  const goTo = (text: string) => new Promise<boolean>((found) => listMoves.awaits({ goTo: text, found }) || found(navigation.goTo(text)));
  // A Check dataset entry opened right after a filter was chosen: looked up in the list left, it
  // was undone by the opening.
  const openShape = (place: ShapePlace) => new Promise<boolean>((found) => listMoves.awaits({ open: place, found }) || found(jumpTo(place)));
  // A strip row clicked then (or the conflict dialog's Open) is a place in the list being left:
  // its image is opened in the list chosen, where it has another place, or none.
  const openListed = (index: number) => {
    const item = list.itemAt(index);
    const opened = (found: boolean) => found || setNotice(`${item?.img_path} is not in this list: show All to open it`);
    const waits = item && listMoves.awaits({ open: { imageUuid: item.uuid, relPath: item.img_path }, found: (found) => void found.then(opened, (error: unknown) => setNotice(errorText(error))) });
    if (!waits) go(index);
  };
  const nextUnlabeled = () => {
    if (listMoves.awaits('nextUnlabeled')) return;
    setNotice(null);
    // Asked after this tab's saves landed: the image just labelled must not count as to do.
    void flush().finally(() => navigation.nextUnlabeled().catch((error: unknown) => setNotice(errorText(error))));
  };

  /** Reads the list once this tab's saves landed, or it would count them wrong. */
  const afterSaves = (read: () => void) => {
    // The list opened or read again may put another image at the position, even for a moment:
    // its load took the polygon being drawn without a word.
    // The label prompt holds the image: the list is read once it is answered.
    if (!settleDrawing() || store.getState().pendingLabel) {
      whenLabelled(store, () => afterSaves(read));
      return;
    }
    // The image left behind keeps its latest shapes in the cache, as go() does: a save still
    // failing now lands later, and the image opened again must show what it saved.
    const { imageId, shapes } = store.getState();
    if (imageId) leave(imageId, shapes);
    // Drawn on while the saves were on their way: the image the list opened on took that polygon
    // (or the shape waiting for its label) without a word. It goes as one drawn before, saved first.
    void flush().finally(() => (drawnPoints(store) || store.getState().pendingLabel ? afterSaves(read) : read()));
  };

  // The strip's filter and label as the user chose them, shown at once: the list opens only once
  // this tab's saves have landed, and until then the chip left stayed chosen, as if the click was ignored.
  const [chosen, setChosen] = useState({ filter, stripFilter });
  /** Another list (filter, label) opens at its start. */
  const chooseList = (next: typeof chosen) => {
    // A notice spoke of the list left ("… is not in this list: show All"), as go() knows.
    setNotice(null);
    // Before the choice, or moves made meanwhile would wait for a list that the label prompt kept
    // from opening, and the chip would show a list that never opened.
    if (!settleDrawing()) return;
    setChosen(next);
    const choice = listMoves.choose();
    afterSaves(() => {
      setFilter(next.filter);
      setLabelFilter(next.stripFilter);
      position.set(0);
      listMoves.opened(choice);
    });
  };

  /**
   * The same list read again stays on the image in view, or the nearest one it still holds
   * (useImageList's refresh): "Update list" had jumped to the first image.
   */
  const rereadList = async () => {
    const from = position.get();
    const to = await list.refresh(from);
    if (to !== undefined) setPlaceInReread({ from, to });
  };

  // The project's images changed elsewhere than in the list (a delete here, a scan, an import):
  // the list is read again at the same image. The image deleted in view gives its place to the
  // one after it (the one before, at the end: the list read again is shorter than the place,
  // see below).
  const rereadImages = () => {
    recountStatistics();
    void rereadList();
  };

  // An import rewrote shapes the strip counts and the editor's undo steps grew from.
  const shapesImported = () => {
    store.forgetHistory();
    rereadImages();
  };

  // Opened while its folder was still scanned: the images found after the list was read join it.
  // Read once the polygon being drawn is done: the scan's end is no reason to close it half drawn.
  const scan = useFolderScanAtOpen({ type, name, opened: opened.isSuccess, onScanned: () => whenNotDrawing(store, () => afterSaves(rereadImages)) });

  // Images added here: the list is read again with them, and the first of them opened.
  const imagesAdded = (added: readonly string[]) => {
    const { imageId, shapes } = store.getState();
    if (imageId) leave(imageId, shapes);
    recountStatistics();
    void flush()
      .then(() => list.refresh())
      .then(() => (added[0] ? navigation.goTo(added[0]) : false))
      .catch(() => undefined);
  };

  // Applied once the list read again is rendered: moved before, the editor knew no image at the
  // place and waited for one, which never came when it was the image it held already.
  const [placeInReread, setPlaceInReread] = useState<{ from: number; to: number } | null>(null);
  useEffect(() => {
    if (!placeInReread) return;
    // A move made while the list was read is the user's own: it stands.
    if (position.get() === placeInReread.from) position.set(placeInReread.to);
    setPlaceInReread(null);
  }, [placeInReread, position]);

  // A list read again may be shorter than the place shown (an image deleted here, more of a
  // filtered list labelled elsewhere): its last image is shown, not none.
  const listSize = list.counts ? total : null;
  useEffect(() => {
    if (listSize !== null && listSize > 0 && position.get() >= listSize) position.set(listSize - 1);
  }, [listSize, position]);

  // Only the More menu showed these switches: K and Shift+A turned them without a word.
  const turnSwitch = (which: WorkflowSwitch) => {
    const on = !workflow[which];
    settings.saveWorkflow({ ...workflow, [which]: on });
    setNotice(switchNotice(which, on));
  };
  const commands: WorkspaceCommands = {
    next: () => listMoves.awaits('next') || go(position.get() + 1, true),
    previous: () => listMoves.awaits('previous') || go(position.get() - 1, true),
    nextUnlabeled,
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
        <Link className="button" href="/" aria-label="← Projects" onClick={() => void flush()}>← <span className="topbar-long">Projects</span></Link>
        <h1 className="topbar-title">{name}</h1>
        {/* A list being read has no length yet: "0 / 0" said it held no images. */}
        <span className="muted" aria-label="Position">{!list.counts ? '… / …' : total > 0 ? `${index + 1} / ${total}` : '0 / 0'}</span>
        <button className="button" onClick={() => commands.previous()} disabled={index <= 0} title={`Previous image${keyHint('image.previous')}`} aria-label="‹ Prev">‹<span className="topbar-long"> Prev</span></button>
        <button className="button" onClick={() => commands.next()} disabled={index >= total - 1} title={`Next image${keyHint('image.next')}`} aria-label="Next ›"><span className="topbar-long">Next </span>›</button>
        <NavigationButtons
          goToOpen={dialog === 'goto'}
          setGoToOpen={(open) => setDialog(open ? 'goto' : null)}
          goTo={goTo}
          whyNotFound={navigation.whyNotFound}
          nextUnlabeled={nextUnlabeled}
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
        onSelect={openListed}
        filter={chosen.filter}
        label={chosen.stripFilter}
        assignees={assignees}
        labels={labelNames}
        onLabel={(next) => chooseList({ ...chosen, stripFilter: next })}
        // The chip already chosen reads its list again in place, as Update list does: it reopened at image 1.
        onFilter={(next) => (next === filter && next === chosen.filter ? afterSaves(() => void rereadList()) : chooseList({ ...chosen, filter: next }))}
        onRefresh={() => afterSaves(() => void rereadList())}
        counts={list.counts}
        reading={listMoves.reading}
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
            takeCarried={takeCarried}
            colorOf={colorOf}
            spaceHeld={spaceHeld}
            onReady={setCanvas}
            held={heldInput}
          />
        )}
        {dialog === 'simplify' ? <SimplifyPanel store={store} onClose={closeDialog} /> : null}
        {checking ? <CheckDatasetPanel type={type} name={name} store={store} flush={flush} jumpTo={openShape} shown={index} list={chosen} onClose={() => setChecking(false)} /> : null}
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
      <ConflictDialog conflict={persistence.conflict} onChoose={persistence.resolveConflict} type={type} name={name} itemAt={list.itemAt} total={total} index={index} onOpen={openListed} />
      <AssignDialog open={dialog === 'assign'} onClose={closeDialog} type={type} name={name} total={total} filter={filter} label={labelFilter} assignee={assignee} kept={kept} keptUuidsIn={list.keptUuidsIn} />
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
        onOpen={(imgPath) => void goTo(imgPath).then((found) => found || setNotice(`${imgPath} is not in this list: show All to open it`))}
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
        onDeleted={rereadImages}
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
