import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * ARCHITECTURE.md's feature folders under src/app (a folder is the first path segment: order, payment, cart,
 * seatmap…) depend on each other without cycles, so that a feature can be lifted into another screen whole:
 * the seat map into memberships, enrolment or the staff app without the ticket order; payment may depend on
 * the order, never the other way round. The graph is read from the sources' import specifiers (static,
 * `export … from` and `import()`), type-only imports included: a type cycle is a design cycle too.
 */

const APP = "src/app"

type Graph = ReadonlyMap<string, ReadonlyMap<string, ReadonlyArray<string>>>

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** folder → folder it imports → the files that do (for the failure message) */
const featureGraph = (): Graph => {
  const graph = new Map<string, Map<string, Array<string>>>()
  for (const file of sourceFiles(APP)) {
    const [from] = relative(APP, file).split(sep)
    if (from === undefined || !isFolder(join(APP, from))) continue
    for (const match of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const target = relative(APP, resolve(dirname(file), match[1] ?? ""))
      const [to] = target.split(sep)
      if (to === undefined || to === ".." || to === from || !isFolder(join(APP, to))) continue
      const edges = graph.get(from) ?? new Map<string, Array<string>>()
      edges.set(to, [...(edges.get(to) ?? []), relative(APP, file)])
      graph.set(from, edges)
    }
  }
  return graph
}

/** The first cycle found (folders in order, the first repeated at the end), or null. */
const findCycle = (graph: Graph): ReadonlyArray<string> | null => {
  const done = new Set<string>()
  const visit = (node: string, path: ReadonlyArray<string>): ReadonlyArray<string> | null => {
    const at = path.indexOf(node)
    if (at >= 0) return [...path.slice(at), node]
    if (done.has(node)) return null
    for (const next of graph.get(node)?.keys() ?? []) {
      const cycle = visit(next, [...path, node])
      if (cycle !== null) return cycle
    }
    done.add(node)
    return null
  }
  for (const node of graph.keys()) {
    const cycle = visit(node, [])
    if (cycle !== null) return cycle
  }
  return null
}

const reachable = (graph: Graph, start: string): ReadonlySet<string> => {
  const seen = new Set<string>()
  const stack = [start]
  while (stack.length > 0) {
    const node = stack.pop() as string
    for (const next of graph.get(node)?.keys() ?? [])
      if (!seen.has(next)) {
        seen.add(next)
        stack.push(next)
      }
  }
  return seen
}

const describeCycle = (graph: Graph, cycle: ReadonlyArray<string>) =>
  cycle
    .slice(1)
    .map((to, index) => {
      const from = cycle[index] as string
      return `${from} → ${to} (${graph.get(from)?.get(to)?.join(", ")})`
    })
    .join("\n")

describe("the cycle finder", () => {
  const graphOf = (edges: Record<string, ReadonlyArray<string>>): Graph =>
    new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, ["x.ts"]]))]))

  it("finds a cycle through three folders", () => {
    expect(findCycle(graphOf({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }))).toEqual(["a", "b", "c", "a"])
  })

  it("finds none in a graph where two folders share a dependency", () => {
    expect(findCycle(graphOf({ a: ["b", "c"], b: ["c"], c: [] }))).toBeNull()
  })
})

describe("src/app feature folders", () => {
  const graph = featureGraph()

  it("reads the imports it is meant to judge", () => {
    // a parser that reads nothing would pass every rule below
    expect(graph.get("payment")?.has("order")).toBe(true)
    expect(graph.get("order")?.has("seatmap")).toBe(true)
  })

  it("import each other without a cycle", () => {
    const cycle = findCycle(graph)
    expect(cycle === null ? "" : describeCycle(graph, cycle)).toBe("")
  })

  it("keep the order free of payment: payment depends on the order, not the other way round", () => {
    expect([...reachable(graph, "order")]).not.toContain("payment")
  })

  it("let the seat map be used without the ticket order", () => {
    expect([...reachable(graph, "seatmap")]).not.toContain("order")
  })
})
