// A full garbage collection on demand, for long exports in this shared server process. V8
// collects its old generation only once it has grown well past what is alive, so an export
// that parses and writes a million records peaks hundreds of MB above what it holds; a
// collection every few thousand images keeps the peak near what is alive. Node exposes gc()
// only behind --expose-gc: set here at start, and read from a fresh context, where V8 installs it.
import v8 from 'node:v8';
import vm from 'node:vm';

export function heapCompactor(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? () => void (gc as () => void)() : undefined;
  } catch {
    return undefined;
  }
}
