// Scales a decoded picture down to the window's size, off the main thread: scaling a bitmap
// there costs 20-50 ms of the main thread (in the way of the next key press), and decoding the
// file a second time at the small size costs as much CPU again as the first decode (70 ms for a
// 1920x1080 JPEG, 210 ms for 4000x3000 in Chromium without GPU) where this takes 6 and 35 ms.

export interface FitJob {
  id: number;
  full: ImageBitmap;
  width: number;
  height: number;
}

/** full comes back in every answer: it was moved here, not copied. */
export interface FitAnswer {
  id: number;
  full: ImageBitmap;
  fitted: ImageBitmap | null;
  error?: string;
}

self.onmessage = async (event: MessageEvent<FitJob>) => {
  const { id, full, width, height } = event.data;
  let answer: FitAnswer;
  try {
    const fitted = await createImageBitmap(full, { resizeWidth: width, resizeHeight: height, resizeQuality: 'medium' });
    answer = { id, full, fitted };
  } catch (error) {
    answer = { id, full, fitted: null, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer, { transfer: answer.fitted ? [full, answer.fitted] : [full] });
};
