// The workspace page's server render makes the first image's thumbnail while the page's script
// still loads. Next renders no dynamic page for a prefetch (the home page's links to every
// project), so only a real opening starts it (test/workspace-warmup.test.ts).
import type { AnnotationType } from '@/server/core/types';
import { getCore } from '@/server/runtime/core-singleton';

export function warmWorkspace(type: AnnotationType, name: string): void {
  // A missing project is the workspace's own error to show; nothing waits for this.
  void getCore()
    .then((core) => core.images.warmFirstThumbnail(type, name))
    .catch(() => undefined);
}
