import { countOf } from '@/components/ui/count-text';

interface ReloadLists {
  uuid_add_list: readonly string[] | null;
  uuid_delete_list: readonly string[] | null;
  unsupported_image_list: readonly string[] | null;
}


/**
 * What a finished reload changed, as the project card says it: only the counts had moved (30
 * labeled became 28), with no word of images gone, found again or unreadable.
 */
export function reloadSummaryText(status: ReloadLists): string {
  const added = status.uuid_add_list?.length ?? 0;
  const removed = status.uuid_delete_list?.length ?? 0;
  const unreadable = status.unsupported_image_list?.length ?? 0;
  const parts = [
    ...(added > 0 ? [countOf(added, 'image found', 'images found')] : []),
    // A file renamed outside is one gone and one found: its shapes stay with the old name.
    ...(removed > 0 ? [`${countOf(removed, 'image')} no longer in the folder (kept with their shapes, back if the files return)`] : []),
    ...(unreadable > 0 ? [`${countOf(unreadable, 'file')} skipped as unreadable`] : []),
  ];
  return parts.length > 0 ? `Reloaded: ${parts.join('; ')}` : 'Reloaded: no images found or gone';
}
