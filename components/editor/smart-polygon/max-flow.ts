// Minimum s-t cut of a graph whose nodes are pixels, by the Boykov-Kolmogorov algorithm (the
// one OpenCV's GrabCut uses) on flat typed arrays: two search trees, grown from the source and
// the sink, are kept between augmentations and repaired where a path saturates, instead of
// searching from scratch each phase as Dinic's algorithm does (3-5x slower on these grids).
// Each node has one terminal capacity, positive from the source, negative to the sink.

export interface CutGraph {
  addEdge(a: number, b: number, capacity: number): void;
  /** Positive: the cost of cutting the node off the source; negative: off the sink. */
  setTerminal(node: number, capacity: number): void;
  /** Runs the flow; 1 for nodes left on the source side of the minimum cut. */
  cut(): Uint8Array;
}

/** Residuals at or below this are saturated: float sums leave crumbs that would cost an augmentation each. */
const EPSILON = 1e-9;
// A node's parent: an arc index, or one of these.
const FREE = -1;
const TERMINAL = -2;
const ORPHAN = -3;
const FAR = 0x3fffffff;

export function createCutGraph(nodeCount: number, maxEdges: number): CutGraph {
  const head = new Int32Array(nodeCount).fill(-1);
  const next = new Int32Array(maxEdges * 2);
  const to = new Int32Array(maxEdges * 2);
  // Arc k and its reverse k ^ 1 are made together.
  const residual = new Float64Array(maxEdges * 2);
  const terminal = new Float64Array(nodeCount);
  let arcs = 0;

  const addArc = (from: number, target: number, capacity: number) => {
    to[arcs] = target;
    residual[arcs] = capacity;
    next[arcs] = head[from]!;
    head[from] = arcs++;
  };

  return {
    addEdge(a, b, capacity) {
      addArc(a, b, capacity);
      addArc(b, a, capacity);
    },
    setTerminal(node, capacity) {
      terminal[node] = capacity;
    },
    cut: () => boykovKolmogorov({ nodeCount, head, next, to, residual, terminal }),
  };
}

interface FlowGraph {
  nodeCount: number;
  head: Int32Array;
  next: Int32Array;
  to: Int32Array;
  residual: Float64Array;
  terminal: Float64Array;
}

function boykovKolmogorov({ nodeCount, head, next, to, residual, terminal }: FlowGraph): Uint8Array {
  // parent[node]: the arc from the node towards its tree's root (the flow runs parent -> node
  // in the source tree, node -> parent in the sink tree).
  const parent = new Int32Array(nodeCount).fill(FREE);
  const inSinkTree = new Uint8Array(nodeCount);
  // Distance to the root, valid at the time stamp it was set: the shortest-path heuristic
  // that keeps both trees shallow, and the cache that makes checking an orphan's new origin cheap.
  const stamp = new Int32Array(nodeCount);
  const distance = new Int32Array(nodeCount);
  let time = 0;

  // FIFO of active nodes: the trees' frontiers. A node is in it at most once.
  const active = new Int32Array(nodeCount);
  const queued = new Uint8Array(nodeCount);
  let first = 0;
  let count = 0;
  const activate = (node: number) => {
    if (queued[node]) return;
    queued[node] = 1;
    active[(first + count++) % nodeCount] = node;
  };
  const orphans: number[] = [];
  let orphanAt = 0;

  for (let node = 0; node < nodeCount; node++) {
    const capacity = terminal[node]!;
    if (capacity > EPSILON || capacity < -EPSILON) {
      parent[node] = TERMINAL;
      inSinkTree[node] = capacity < 0 ? 1 : 0;
      distance[node] = 1;
      activate(node);
    }
  }

  /** Pushes the bottleneck along source root -> ... -> bridge -> ... -> sink root. */
  const augment = (bridge: number) => {
    let bottleneck = residual[bridge]!;
    let node = to[bridge ^ 1]!;
    for (let arc = parent[node]!; arc !== TERMINAL; node = to[arc]!, arc = parent[node]!) bottleneck = Math.min(bottleneck, residual[arc ^ 1]!);
    bottleneck = Math.min(bottleneck, terminal[node]!);
    node = to[bridge]!;
    for (let arc = parent[node]!; arc !== TERMINAL; node = to[arc]!, arc = parent[node]!) bottleneck = Math.min(bottleneck, residual[arc]!);
    bottleneck = Math.min(bottleneck, -terminal[node]!);

    residual[bridge] = residual[bridge]! - bottleneck;
    residual[bridge ^ 1] = residual[bridge ^ 1]! + bottleneck;
    for (node = to[bridge ^ 1]!; ; ) {
      const arc = parent[node]!;
      if (arc === TERMINAL) {
        terminal[node] = terminal[node]! - bottleneck;
        if (terminal[node]! <= EPSILON) orphan(node);
        break;
      }
      residual[arc] = residual[arc]! + bottleneck;
      residual[arc ^ 1] = residual[arc ^ 1]! - bottleneck;
      if (residual[arc ^ 1]! <= EPSILON) orphan(node);
      node = to[arc]!;
    }
    for (node = to[bridge]!; ; ) {
      const arc = parent[node]!;
      if (arc === TERMINAL) {
        terminal[node] = terminal[node]! + bottleneck;
        if (terminal[node]! >= -EPSILON) orphan(node);
        break;
      }
      residual[arc ^ 1] = residual[arc ^ 1]! + bottleneck;
      residual[arc] = residual[arc]! - bottleneck;
      if (residual[arc]! <= EPSILON) orphan(node);
      node = to[arc]!;
    }
  };

  function orphan(node: number) {
    parent[node] = ORPHAN;
    orphans.push(node);
  }

  /** Steps from a node to its root; FAR when the way passes an orphan. Stamps the way with distances. */
  const originDistance = (start: number): number => {
    let steps = 0;
    let node = start;
    for (;;) {
      if (stamp[node] === time) {
        steps += distance[node]!;
        break;
      }
      const arc = parent[node]!;
      steps += 1;
      if (arc === TERMINAL) {
        stamp[node] = time;
        distance[node] = 1;
        break;
      }
      if (arc === ORPHAN) return FAR;
      node = to[arc]!;
    }
    let d = steps;
    for (node = start; stamp[node] !== time; node = to[parent[node]!]!) {
      stamp[node] = time;
      distance[node] = d--;
    }
    return steps;
  };

  /** A new parent in its own tree for an orphan, or it leaves the tree and its children become orphans. */
  const adopt = (node: number) => {
    const sink = inSinkTree[node]!;
    let best = FREE;
    let bestDistance = FAR;
    for (let arc = head[node]!; arc !== -1; arc = next[arc]!) {
      const other = to[arc]!;
      // The flow must be able to run other -> node (source tree) or node -> other (sink tree).
      if ((sink ? residual[arc]! : residual[arc ^ 1]!) <= EPSILON) continue;
      if (inSinkTree[other] !== sink || parent[other] === FREE) continue;
      const d = originDistance(other);
      if (d < bestDistance) {
        bestDistance = d;
        best = arc;
      }
    }
    if (best !== FREE) {
      parent[node] = best;
      stamp[node] = time;
      distance[node] = bestDistance + 1;
      return;
    }
    for (let arc = head[node]!; arc !== -1; arc = next[arc]!) {
      const other = to[arc]!;
      const otherParent = parent[other]!;
      if (inSinkTree[other] !== sink || otherParent === FREE) continue;
      if ((sink ? residual[arc]! : residual[arc ^ 1]!) > EPSILON) activate(other);
      if (otherParent >= 0 && to[otherParent] === node) orphan(other);
    }
    parent[node] = FREE;
  };

  let current = -1;
  for (;;) {
    let node = current;
    if (node === -1 || parent[node] === FREE) {
      node = -1;
      while (count > 0) {
        const candidate = active[first]!;
        first = (first + 1) % nodeCount;
        count -= 1;
        queued[candidate] = 0;
        if (parent[candidate] !== FREE) {
          node = candidate;
          break;
        }
      }
      if (node === -1) break;
    }
    current = -1;
    const sink = inSinkTree[node]!;
    let bridge = -1;
    for (let arc = head[node]!; arc !== -1; arc = next[arc]!) {
      if ((sink ? residual[arc ^ 1]! : residual[arc]!) <= EPSILON) continue;
      const other = to[arc]!;
      if (parent[other] === FREE) {
        inSinkTree[other] = sink;
        parent[other] = arc ^ 1;
        stamp[other] = stamp[node]!;
        distance[other] = distance[node]! + 1;
        activate(other);
      } else if (inSinkTree[other] !== sink) {
        bridge = sink ? arc ^ 1 : arc;
        break;
      } else if (stamp[other]! <= stamp[node]! && distance[other]! > distance[node]!) {
        parent[other] = arc ^ 1;
        stamp[other] = stamp[node]!;
        distance[other] = distance[node]! + 1;
      }
    }
    if (bridge === -1) continue;
    // A path: push along it, then repair both trees; this node may have more paths.
    current = node;
    time += 1;
    augment(bridge);
    while (orphanAt < orphans.length) adopt(orphans[orphanAt++]!);
    orphans.length = 0;
    orphanAt = 0;
  }
  // The source tree is what the source still reaches: that side, as a Dinic cut would give it.
  const side = new Uint8Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) side[node] = parent[node] !== FREE && !inSinkTree[node] ? 1 : 0;
  return side;
}
