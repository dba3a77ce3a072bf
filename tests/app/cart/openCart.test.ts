import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, describe, expect, it } from "vitest"
import type { Presentation } from "../../../src/api/PresentationsApi.ts"
import { eventMeta, openCartLog } from "../../../src/app/cart/cartLog.ts"
import { MarqueeDb } from "../../../src/app/cart/db.ts"
import { selectForTickets } from "../../../src/app/cart/openCart.ts"
import { CartTypeChosen } from "../../../src/domain/cart/events.ts"
import { findPresentation } from "../../../src/domain/cart/state.ts"
import { presentation } from "../../domain/cart/fixtures.ts"

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
})
