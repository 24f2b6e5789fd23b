import { describe, expect, it } from 'vitest';
import { createCutGraph } from './max-flow';

interface Edge {
  a: number;
  b: number;
  capacity: number;
}

interface Problem {
  nodes: number;
  edges: Edge[];
  terminals: number[];
}

/** The textbook max flow (Edmonds-Karp on a dense matrix): slow, short and obviously right. */
function referenceMaxFlow({ nodes, edges, terminals }: Problem): number {
  const n = nodes + 2;
  const [source, sink] = [nodes, nodes + 1];
  const capacity = Array.from({ length: n }, () => new Float64Array(n));
  for (const { a, b, capacity: c } of edges) {
    capacity[a]![b]! += c;
    capacity[b]![a]! += c;
  }
  terminals.forEach((t, node) => {
    if (t > 0) capacity[source]![node]! += t;
    else if (t < 0) capacity[node]![sink]! -= t;
  });
  let flow = 0;
  for (;;) {
    const from = new Int32Array(n).fill(-1);
    from[source] = source;
    const queue = [source];
    while (queue.length > 0 && from[sink] === -1) {
      const u = queue.shift()!;
      for (let v = 0; v < n; v++) {
        if (from[v] === -1 && capacity[u]![v]! > 1e-12) {
          from[v] = u;
          queue.push(v);
        }
      }
    }
    if (from[sink] === -1) return flow;
    let bottleneck = Infinity;
    for (let v = sink; v !== source; v = from[v]!) bottleneck = Math.min(bottleneck, capacity[from[v]!]![v]!);
    for (let v = sink; v !== source; v = from[v]!) {
      capacity[from[v]!]![v]! -= bottleneck;
      capacity[v]![from[v]!]! += bottleneck;
    }
    flow += bottleneck;
  }
}

/** What cutting the graph into these sides costs: every edge and terminal link it severs. */
function cutCost({ edges, terminals }: Problem, side: Uint8Array): number {
  let cost = 0;
  for (const { a, b, capacity } of edges) if (side[a] !== side[b]) cost += capacity;
  terminals.forEach((t, node) => {
    if (t > 0 && side[node] === 0) cost += t;
    if (t < 0 && side[node] === 1) cost -= t;
  });
  return cost;
}

function solve(problem: Problem): Uint8Array {
  const graph = createCutGraph(problem.nodes, problem.edges.length);
  for (const { a, b, capacity } of problem.edges) graph.addEdge(a, b, capacity);
  problem.terminals.forEach((t, node) => graph.setTerminal(node, t));
  return graph.cut();
}

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A pixel grid with 8-neighbour edges and terminals of both signs, as GrabCut builds it. */
function gridProblem(width: number, height: number, seed: number): Problem {
  const next = random(seed);
  const edges: Edge[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const node = y * width + x;
      if (x + 1 < width) edges.push({ a: node, b: node + 1, capacity: next() * 50 });
      if (y + 1 < height) edges.push({ a: node, b: node + width, capacity: next() * 50 });
      if (x + 1 < width && y + 1 < height) edges.push({ a: node, b: node + width + 1, capacity: next() * 35 });
      if (x > 0 && y + 1 < height) edges.push({ a: node, b: node + width - 1, capacity: next() * 35 });
    }
  }
  const terminals = Array.from({ length: width * height }, () => (next() < 0.1 ? 0 : (next() - 0.5) * 120));
  return { nodes: width * height, edges, terminals };
}

function sparseProblem(nodes: number, edgeCount: number, seed: number): Problem {
  const next = random(seed);
  const edges = Array.from({ length: edgeCount }, () => ({ a: Math.floor(next() * nodes), b: Math.floor(next() * nodes), capacity: Math.floor(next() * 10) }))
    .filter((edge) => edge.a !== edge.b);
  const terminals = Array.from({ length: nodes }, () => Math.floor((next() - 0.5) * 12));
  return { nodes, edges, terminals };
}

describe('the minimum cut', () => {
  it('costs exactly the maximum flow, on grids like GrabCut builds and on random sparse graphs', () => {
    const problems = [
      ...[1, 2, 3, 4, 5, 6].map((seed) => gridProblem(9, 7, seed)),
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => sparseProblem(30, 70, seed)),
    ];
    for (const problem of problems) {
      const side = solve(problem);
      expect(cutCost(problem, side)).toBeCloseTo(referenceMaxFlow(problem), 6);
    }
  });

  it('keeps on the source side exactly what the source still reaches', () => {
    // source -5-> 0 -3-> 1 -9-> sink: the 0-1 edge is the bottleneck; 2 has no terminal link.
    const graph = createCutGraph(3, 2);
    graph.addEdge(0, 1, 3);
    graph.addEdge(1, 2, 1);
    graph.setTerminal(0, 5);
    graph.setTerminal(1, -9);
    expect([...graph.cut()]).toEqual([1, 0, 0]);
  });

  it('separates nothing when no node is tied to either side', () => {
    const graph = createCutGraph(4, 3);
    graph.addEdge(0, 1, 2);
    graph.addEdge(1, 2, 2);
    graph.addEdge(2, 3, 2);
    expect([...graph.cut()]).toEqual([0, 0, 0, 0]);
  });
});
