import { describe, expect, it } from "vitest"
import { brokerActionsFor, brokerOutcome, saleStateOf } from "../../../src/domain/live/brokers.ts"

describe("brokers' sale states (spec §4)", () => {
  it("a lock wins over the sale switch", () => {
    expect(saleStateOf({ isOnSale: true, locked: false })).toBe("onSale")
    expect(saleStateOf({ isOnSale: false, locked: false })).toBe("offSale")
    expect(saleStateOf({ isOnSale: false, locked: true })).toBe("locked")
    expect(saleStateOf({ isOnSale: true, locked: true })).toBe("locked")
  })

  it("lock and save for sale change a future presentation once; repeating them changes nothing", () => {
    expect(brokerOutcome("lock", "onSale", true, false)).toEqual({ _tag: "changed", to: "locked" })
    expect(brokerOutcome("lock", "offSale", false, false)).toEqual({ _tag: "changed", to: "locked" })
    expect(brokerOutcome("lock", "locked", true, false)).toEqual({ _tag: "unchanged", state: "locked" })
    expect(brokerOutcome("saveForSale", "locked", false, false)).toEqual({ _tag: "changed", to: "onSale" })
    expect(brokerOutcome("saveForSale", "onSale", true, false)).toEqual({
      _tag: "unchanged",
      state: "onSale",
    })
  })

  it("unlock gives back the switch the lock kept, and is harmless when nothing is locked", () => {
    expect(brokerOutcome("unlock", "locked", true, false)).toEqual({ _tag: "changed", to: "onSale" })
    expect(brokerOutcome("unlock", "locked", false, false)).toEqual({ _tag: "changed", to: "offSale" })
    expect(brokerOutcome("unlock", "offSale", false, false)).toEqual({ _tag: "unchanged", state: "offSale" })
    // a started show may still be unlocked (nothing changes for buyers), never locked or put on sale
    expect(brokerOutcome("unlock", "locked", true, true)).toEqual({ _tag: "changed", to: "onSale" })
    expect(brokerOutcome("lock", "onSale", true, true)).toEqual({ _tag: "started" })
    expect(brokerOutcome("saveForSale", "offSale", false, true)).toEqual({ _tag: "started" })
  })

  it("offers only the buttons that would change something", () => {
    expect(brokerActionsFor("onSale", false)).toEqual(["lock"])
    expect(brokerActionsFor("offSale", false)).toEqual(["lock", "saveForSale"])
    expect(brokerActionsFor("locked", false)).toEqual(["unlock", "saveForSale"])
    expect(brokerActionsFor("locked", true)).toEqual(["unlock"])
    expect(brokerActionsFor("onSale", true)).toEqual([])
  })
})
