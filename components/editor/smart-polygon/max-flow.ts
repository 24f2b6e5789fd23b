// Minimum s-t cut of a graph whose nodes are pixels, by Dinic's algorithm on flat typed
// arrays (no object per edge: a 160x160 crop has ~100k arcs). Each node has one terminal
// capacity, positive towards the source side (foreground) or negative towards the sink.

export interface CutGraph {
  addEdge(a: number, b: number, capacity: number): void;
  /** Positive: the cost of cutting the node off the source; negative: off the sink. */
  setTerminal(node: number, capacity: number): void;
  /** Runs the flow; 1 for nodes left on the source side of the minimum cut. */
  cut(): Uint8Array;
}

export function createCutGraph(nodeCount: number, maxEdges: number): CutGraph {
  // Nodes 0..n-1 are pixels, n is the source, n+1 the sink.
  const source = nodeCount;
  const sink = nodeCount + 1;
  const total = nodeCount + 2;
  const arcCapacity = maxEdges * 2 + nodeCount * 2;
  const head = new Int32Array(total).fill(-1);
  const next = new Int32Array(arcCapacity);
  const to = new Int32Array(arcCapacity);
  const residual = new Float64Array(arcCapacity);
  let arcs = 0;

  const addArcPair = (a: number, b: number, forward: number, backward: number) => {
    to[arcs] = b;
    residual[arcs] = forward;
    next[arcs] = head[a] as number;
    head[a] = arcs++;
    to[arcs] = a;
    residual[arcs] = backward;
    next[arcs] = head[b] as number;
    head[b] = arcs++;
  };

  const level = new Int32Array(total);
  const queue = new Int32Array(total);
  const current = new Int32Array(total);

  const buildLevels = (): boolean => {
    level.fill(-1);
    level[source] = 0;
    let read = 0;
    let write = 0;
    queue[write++] = source;
    while (read < write) {
      const node = queue[read++] as number;
      for (let arc = head[node] as number; arc !== -1; arc = next[arc] as number) {
        const target = to[arc] as number;
        if (level[target] === -1 && (residual[arc] as number) > 1e-9) {
          level[target] = (level[node] as number) + 1;
          queue[write++] = target;
        }
      }
    }
    return level[sink] !== -1;
  };

  // Iterative blocking-flow search: recursion depth would reach the pixel count.
  const stackNode = new Int32Array(total);
  const stackArc = new Int32Array(total);
  const augment = (): number => {
    let pushed = 0;
    for (;;) {
      let depth = 0;
      stackNode[0] = source;
      let found = false;
      while (depth >= 0) {
        const node = stackNode[depth] as number;
        if (node === sink) {
          found = true;
          break;
        }
        let advanced = false;
        for (let arc = current[node] as number; arc !== -1; arc = next[arc] as number) {
          const target = to[arc] as number;
          if ((residual[arc] as number) > 1e-9 && level[target] === (level[node] as number) + 1) {
            current[node] = arc;
            stackArc[depth] = arc;
            stackNode[++depth] = target;
            advanced = true;
            break;
          }
        }
        if (!advanced) {
          // Dead end: no path through this node in this phase.
          level[node] = -1;
          depth -= 1;
          if (depth >= 0) current[stackNode[depth] as number] = next[current[stackNode[depth] as number] as number] as number;
        }
      }
      if (!found) return pushed;
      let bottleneck = Infinity;
      for (let i = 0; i < depth; i++) bottleneck = Math.min(bottleneck, residual[stackArc[i] as number] as number);
      for (let i = 0; i < depth; i++) {
        const arc = stackArc[i] as number;
        residual[arc] = (residual[arc] as number) - bottleneck;
        residual[arc ^ 1] = (residual[arc ^ 1] as number) + bottleneck;
      }
      pushed += bottleneck;
    }
  };

  return {
    addEdge(a, b, capacity) {
      addArcPair(a, b, capacity, capacity);
    },
    setTerminal(node, capacity) {
      if (capacity > 0) addArcPair(source, node, capacity, 0);
      else if (capacity < 0) addArcPair(node, sink, -capacity, 0);
    },
    cut() {
      while (buildLevels()) {
        current.set(head);
        augment();
      }
      // After the last phase, level >= 0 marks exactly the nodes the source still reaches.
      const side = new Uint8Array(nodeCount);
      for (let node = 0; node < nodeCount; node++) side[node] = level[node] !== -1 ? 1 : 0;
      return side;
    },
  };
}
