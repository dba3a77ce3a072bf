import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, describe, expect, it } from "vitest"
import type { Presentation } from "../../../src/api/PresentationEntities.ts"
import { eventMeta, openCartLog } from "../../../src/app/cart/cartLog.ts"
import { MarqueeDb } from "../../../src/app/cart/db.ts"
import { selectForTickets } from "../../../src/app/cart/openCart.ts"
import { CartTypeChosen, SeatLocked, SeatLockRequested } from "../../../src/domain/cart/events.ts"
import { findPresentation } from "../../../src/domain/cart/state.ts"
import { locked, presentation } from "../../domain/cart/fixtures.ts"

/** useCart's non-React twin: what entering a ticket order's screen appends to the tab's cart log. */

const opened: Array<MarqueeDb> = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

const memoryStorage = () => {
  const values = new Map<string, string>()
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  }
}

const newLog = async () => {
  const db = new MarqueeDb({ indexedDB: new IDBFactory(), IDBKeyRange })
  opened.push(db)
  return openCartLog(db, memoryStorage())
}

// the facts the cart keeps are a slice of the API's presentation; the rest does not matter here
const showing = (id: number) => ({ ...presentation({ id }), featureName: "Film" }) as unknown as Presentation

describe("selectForTickets", () => {
  it("turns another kind of cart into a tickets order and selects the presentation once", async () => {
    const log = await newLog()
    await log.store.append([CartTypeChosen.make({ ...eventMeta(), cartType: "vouchers" })])

    await selectForTickets(log, showing(42))
    await selectForTickets(log, showing(42))

    const cart = log.store.state()
    expect(cart.cartType).toBe("tickets")
    expect(findPresentation(cart, 42)?.facts.id).toBe(42)
    const tags = (await log.store.exportLog()).map((event) => (event as { readonly _tag: string })._tag)
    expect(tags).toEqual(["CartTypeChosen", "CartTypeChosen", "PresentationSelected"])
  })

  it("adds a second presentation to a tickets order without choosing the cart type again", async () => {
    const log = await newLog()
    await selectForTickets(log, showing(1))
    await selectForTickets(log, showing(2))
    const tags = (await log.store.exportLog()).map((event) => (event as { readonly _tag: string })._tag)
    expect(tags).toEqual(["CartTypeChosen", "PresentationSelected", "PresentationSelected"])
  })

  /** A seat held in the log's first showing, as the seat screen's lock would record it. */
  const holdOne = async (log: Awaited<ReturnType<typeof newLog>>, presentationId: number) =>
    log.store.append([
      SeatLockRequested.make({
        ...eventMeta(),
        commandId: "c1",
        presentationId,
        seats: [{ VenueSectionId: 1, x: 0, y: 0 }],
      }),
      SeatLocked.make({
        ...eventMeta(),
        commandId: "c1",
        presentationId,
        seats: [locked(0, 0)],
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
    ])

  it("after the basket's 'add another showing', the next showing joins the order once (issue 16)", async () => {
    const log = await newLog()
    await selectForTickets(log, showing(1))
    await holdOne(log, 1)
    log.setAddingShowing(true)
    await selectForTickets(log, showing(2))
    expect(log.store.state().presentations.map((p) => p.facts.id)).toEqual([1, 2])
    expect(log.addingShowing()).toBe(false)
    // the wish is spent: a third showing opened later is selected, replacing the others (spec §4)
    await selectForTickets(log, showing(3))
    expect(log.store.state().presentations.map((p) => p.facts.id)).toEqual([3])
  })

  it("a showing that may not join (another business) is selected as before, not added", async () => {
    const log = await newLog()
    await selectForTickets(log, showing(1))
    await holdOne(log, 1)
    log.setAddingShowing(true)
    const other = {
      ...presentation({ id: 2, businessId: 99 }),
      featureName: "Film",
    } as unknown as Presentation
    await selectForTickets(log, other)
    expect(log.store.state().presentations.map((p) => p.facts.id)).toEqual([2])
    expect(log.store.state().rejections).toEqual([])
  })
})
