import { linkOptions } from "@tanstack/react-router"
import { describe, expect, it } from "vitest"
import { ORDER_SCREENS, screenLink } from "../../../src/app/order/flow.ts"
// the router's type registration (Register), so that `to` below is checked against the real route tree
import type {} from "../../../src/app/router.tsx"

describe("screenLink", () => {
  it("names each screen's route under the order's parent route, with its params and language", () => {
    for (const screen of ORDER_SCREENS)
      expect(screenLink(42, screen, "he")).toEqual({
        to: `/order/$presentationId/${screen}`,
        params: { presentationId: 42 },
        search: { lang: "he" },
      })
  })

  it("is checked against the route tree at compile time (tsc fails on a route that does not exist)", () => {
    // Were `to` not checked (no registered router, a string type), this directive would itself fail tsc.
    // @ts-expect-error: there is no /order/$presentationId/seat route
    const wrong = linkOptions({ to: "/order/$presentationId/seat", params: { presentationId: 1 } })
    expect(wrong.to).toBe("/order/$presentationId/seat")
  })
})
