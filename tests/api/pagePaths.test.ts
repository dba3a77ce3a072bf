import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { isPagePath, PAGE_PATHS, pageFrameOf } from "../../src/api/pagePaths.ts"

/** The full paths TanStack Router generated from src/app/routes (the keys of `FileRoutesByFullPath`). */
const generatedFullPaths = (): ReadonlyArray<string> => {
  const source = readFileSync(new URL("../../src/app/routeTree.gen.ts", import.meta.url), "utf8")
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(source)?.[1]
  if (block === undefined) throw new Error("routeTree.gen.ts has no FileRoutesByFullPath")
  return [...block.matchAll(/^\s*"([^"]+)":/gm)].map((match) => match[1] as string)
}

/** The route ids (`/_booking/order/$presentationId/seats`): a page's layout route is its id's first segment. */
const generatedRouteIds = (): ReadonlyArray<string> => {
  const source = readFileSync(new URL("../../src/app/routeTree.gen.ts", import.meta.url), "utf8")
  const block = /export interface FileRoutesById \{([^}]*)\}/.exec(source)?.[1]
  if (block === undefined) throw new Error("routeTree.gen.ts has no FileRoutesById")
  return [...block.matchAll(/^\s*"([^"]+)":/gm)].map((match) => match[1] as string)
}

describe("PAGE_PATHS", () => {
  it("lists exactly the app's routes, so a new page is never answered 404 by the server", () => {
    const generated = generatedFullPaths()
    expect(generated.length).toBeGreaterThan(5)
    expect([...PAGE_PATHS].sort()).toEqual([...generated].sort())
  })
})

describe("isPagePath", () => {
  it("accepts the app's pages, with or without a trailing slash", () => {
    for (const path of [
      "/",
      "/support",
      "/support/",
      "/order",
      "/order/",
      "/order/payment-return",
      "/order/42",
      "/order/42/seats",
      "/order/42/pay/",
      "/order/confirmation/AB12",
      "/edocument/k-1",
    ])
      expect(isPagePath(path), path).toBe(true)
  })

  it("refuses anything else", () => {
    for (const path of [
      "/nope",
      "/order/42/seats/extra",
      "/order/42/unknown",
      "/edocument",
      "/support//",
      "//support",
      "/index.php",
    ])
      expect(isPagePath(path), path).toBe(false)
  })
})

describe("pageFrameOf", () => {
  it("names the layout route each page is drawn in, as the route files' folders say", () => {
    const ids = generatedRouteIds().filter((id) => id.split("/").length > 2)
    expect(ids.length).toBeGreaterThan(20)
    const expected = { _booking: "booking", _default: "default", "PRES-live": "staff" } as const
    for (const id of ids) {
      const [, layout, ...rest] = id.split("/")
      const path = `/${layout === "PRES-live" ? "PRES-live/" : ""}${rest.map((part) => (part.startsWith("$") ? "1" : part)).join("/")}`
      expect(pageFrameOf(path), id).toBe(expected[layout as keyof typeof expected])
    }
  })

  it("draws what is not a page (the 404) in the public pages' frame", () => {
    expect(pageFrameOf("/order/1/nope")).toBe("default")
    expect(pageFrameOf("/PRES-live/nope")).toBe("default")
    expect(pageFrameOf("/PRES-live")).toBe("staff")
    expect(pageFrameOf("/")).toBe("default")
  })
})
