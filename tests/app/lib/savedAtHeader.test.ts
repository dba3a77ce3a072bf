import { describe, expect, it } from "vitest"
import { SAVED_AT_HEADER, savedAtOf, withSavedAt } from "../../../src/app/lib/savedAtHeader.ts"

/** Issue 17: a what's-on list the service worker kept says when it was kept; one from the network says nothing. */
describe("the saved-at stamp", () => {
  it("is read back from a kept copy, the answer otherwise unchanged", async () => {
    const original = new Response('{"presentations":[]}', {
      status: 200,
      headers: { "content-type": "application/json", "cache-control": "no-cache" },
    })
    const kept = await withSavedAt(original, 1_764_280_000_000)
    expect(savedAtOf(kept)).toBe(1_764_280_000_000)
    expect(kept.status).toBe(200)
    expect(kept.headers.get("content-type")).toBe("application/json")
    expect(await kept.json()).toEqual({ presentations: [] })
  })

  it("is absent from a network answer, and an unreadable stamp counts as none", () => {
    expect(savedAtOf(new Response("{}"))).toBeNull()
    for (const stamp of ["", "soon", "-5", "1.5"])
      expect(savedAtOf(new Response("{}", { headers: { [SAVED_AT_HEADER]: stamp } })), stamp).toBeNull()
  })
})
