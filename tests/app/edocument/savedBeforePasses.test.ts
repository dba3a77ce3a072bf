import { describe, expect, it } from "vitest"
import type { Confirmation } from "../../../src/api/ReservationsApi.ts"
import { savedBeforePasses } from "../../../src/app/edocument/savedBeforePasses.ts"

/** Which e-ticket copy still shows the order's old unsigned code: only one saved before passes existed. */
const withTickets = (tickets: ReadonlyArray<{ state?: "active" | "cancelled" | "scanned"; pass?: string }>) =>
  ({ tickets: tickets.map((t, i) => ({ ticketIdentifier: String(i), ...t })) }) as unknown as Confirmation

describe("savedBeforePasses", () => {
  it("is true for a copy whose admitting tickets carry no pass", () => {
    expect(savedBeforePasses(withTickets([{}, {}]))).toBe(true)
    expect(savedBeforePasses(withTickets([{ state: "scanned" }]))).toBe(true)
  })

  it("is false when the tickets carry passes, and when every ticket is cancelled (no code at all then)", () => {
    expect(savedBeforePasses(withTickets([{ pass: "MQT1.a.b" }, { state: "cancelled" }]))).toBe(false)
    expect(savedBeforePasses(withTickets([{ state: "cancelled" }, { state: "cancelled" }]))).toBe(false)
  })
})
