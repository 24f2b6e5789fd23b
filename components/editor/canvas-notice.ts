// What the editor says over the canvas when the image in view cannot be shown as it should:
// its shapes never came (deleted meanwhile, or a failed read), or its picture did not load.

export interface CanvasNotice {
  /** The sentence that says what is wrong. */
  text: string;
  /** Further words: where input went, what to do. */
  detail: string;
  /** Asking again may help: the notice offers a retry. */
  retry: boolean;
  /** A retry is on its way. */
  retrying: boolean;
  /** No pointer input is taken: there is no image for it to land on. */
  refusesInput: boolean;
}

/** The picture failed though the image's shapes are in the editor: they can still be edited. */
export function pictureNotice(reason: string): CanvasNotice {
  return { text: `The picture of this image could not be loaded: ${reason}`, detail: 'Its shapes are shown and can still be edited.', retry: true, retrying: false, refusesInput: false };
}
