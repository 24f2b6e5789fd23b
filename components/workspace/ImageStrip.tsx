'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ImageFilter, ImageListItem } from './useImageList';
import { PAGE_SIZE } from './useImageList';

const ROW = 64;
const OVERSCAN = 6;

interface ImageStripProps {
  thumbUrl: (item: ImageListItem) => string;
  total: number;
  itemAt: (index: number) => ImageListItem | undefined;
  requestPage: (page: number) => void;
  currentIndex: number;
  onSelect: (index: number) => void;
  filter: ImageFilter;
  onFilter: (filter: ImageFilter) => void;
  /** Narrows the list to the images with a shape of this label (undefined: any label). */
  label: string | undefined;
  labels: readonly string[];
  onLabel: (label: string | undefined) => void;
  /** "Assigned to …" choices, whose values the select hands to onLabel like a label's. */
  assignees?: ReadonlyArray<{ value: string; text: string }>;
  /** Re-reads the filtered list (images labeled or cleared since it was opened). */
  onRefresh: () => void;
  counts: { total: number; labeled: number; filtered: number } | null;
  /** A list chosen (a filter, a label) is on its way: the rows are still the list being left's. */
  reading?: boolean;
  /** Shown under the filter chips, e.g. background work on the project's images. */
  children?: ReactNode;
}

const liveCount = (filter: ImageFilter, counts: { total: number; labeled: number }) =>
  filter === 'all' ? counts.total : filter === 'labeled' ? counts.labeled : counts.total - counts.labeled;

/** Only the rows in view exist in the DOM: 10,000 images scroll like 20. */
export function ImageStrip(props: ImageStripProps) {
  const { total, itemAt, requestPage, currentIndex, onSelect } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState({ first: 0, last: 20 });

  const measure = () => {
    const element = scroller.current;
    if (!element) return;
    const first = Math.max(0, Math.floor(element.scrollTop / ROW) - OVERSCAN);
    const last = Math.min(total - 1, Math.ceil((element.scrollTop + element.clientHeight) / ROW) + OVERSCAN);
    setRange((current) => (current.first === first && current.last === last ? current : { first, last }));
  };

  useEffect(measure, [total]);
  useEffect(() => {
    for (let page = Math.floor(range.first / PAGE_SIZE); page <= Math.floor(range.last / PAGE_SIZE); page += 1) requestPage(page);
  }, [range, requestPage]);
  useEffect(() => {
    const element = scroller.current;
    if (!element || currentIndex < 0) return;
    // In the next frame, where the layout is computed anyway: read here, in an image switch's
    // own turn, scrollTop forced a layout of the whole page before the canvas could draw.
    const frame = requestAnimationFrame(() => {
      const top = currentIndex * ROW;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + ROW > element.scrollTop + element.clientHeight) element.scrollTop = top + ROW - element.clientHeight;
    });
    return () => cancelAnimationFrame(frame);
    // The list read again (a delete, an import) is empty for a moment, which scrolls the strip
    // to its top: once it is back, the current row is brought into view again, moved or not.
  }, [currentIndex, total]);

  const rows = [];
  for (let index = range.first; index <= range.last && index < total; index += 1) {
    const item = itemAt(index);
    rows.push(
      <button
        key={index}
        className={index === currentIndex ? 'strip-row current' : 'strip-row'}
        style={{ top: index * ROW }}
        onClick={() => onSelect(index)}
        aria-current={index === currentIndex}
        aria-label={item ? item.img_path : `Image ${index + 1}`}
      >
        {item ? <img src={props.thumbUrl(item)} alt="" loading="lazy" width={48} height={48} /> : <span className="strip-placeholder" />}
        <span className="strip-name">{item?.img_path ?? '…'}</span>
        {item?.split ? <span className={`strip-split ${item.split}`} aria-label={`Split: ${item.split}`}>{item.split}</span> : null}
        {item && item.shape_count > 0 ? <span className="strip-count">{item.shape_count}</span> : null}
      </button>,
    );
  }

  // The chips count the images as they are now, so that they add up (one counted as opened
  // beside one counted live did not). The open list stays as it was when opened (the image
  // under the cursor must not move): the position counts that list, and the button below offers
  // the list as it is now when the two differ.
  const { counts } = props;
  const chipCount = (filter: ImageFilter) => (counts ? liveCount(filter, counts) : '');
  const filters: Array<[ImageFilter, string]> = [
    ['all', `All ${chipCount('all')}`],
    ['labeled', `Labeled ${chipCount('labeled')}`],
    ['unlabeled', `To do ${chipCount('unlabeled')}`],
  ];
  // Under a label the open list is only that label's share of its chip: no count to compare.
  // A list chosen and on its way: the counts are still the list left's, compared with another filter.
  const changedSinceOpened = !props.reading && counts && props.filter !== 'all' && props.label === undefined && liveCount(props.filter, counts) !== counts.filtered ? liveCount(props.filter, counts) : null;
  return (
    <aside className="strip" aria-label="Images">
      <div className="strip-filters" role="tablist">
        {filters.map(([value, label]) => (
          <button key={value} role="tab" aria-selected={props.filter === value} className={props.filter === value ? 'chip active' : 'chip'} onClick={() => props.onFilter(value)}>
            {label}
          </button>
        ))}
      </div>
      <label className="strip-label-filter">
        <select
          className="input"
          aria-label="Filter by label"
        data-editor-keys=""
          value={props.label ?? ''}
          onChange={(event) => {
            props.onLabel(event.target.value === '' ? undefined : event.target.value);
            // The filter applies at once: the keys go back to the editor (Space pans, Enter closes a polygon).
            event.currentTarget.blur();
          }}
        >
          <option value="">Any label</option>
          {/* A label renamed or removed while chosen stays listed, so the select shows what filters. */}
          {(props.assignees ?? []).map((option) => (
            <option key={option.value} value={option.value}>{option.text}</option>
          ))}
          {[...props.labels, ...(props.label !== undefined && !props.labels.includes(props.label) && !props.label.startsWith('\u2063') ? [props.label] : [])].map((label) => (
            <option key={label} value={label}>{label}</option>
          ))}
        </select>
      </label>
      {props.children}
      {changedSinceOpened !== null ? (
        <button className="strip-refresh" onClick={props.onRefresh} title="Re-read the list with the images as they are now">
          ↻ Update list ({changedSinceOpened} now)
        </button>
      ) : null}
      {props.reading ? <p className="strip-reading small muted" role="status">Reading the list…</p> : null}
      <div className="strip-scroll" ref={scroller} onScroll={measure} aria-busy={props.reading}>
        <div style={{ height: total * ROW, position: 'relative' }}>{rows}</div>
      </div>
    </aside>
  );
}
