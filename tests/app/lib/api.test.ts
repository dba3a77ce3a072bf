import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { apiBytes, apiGet, apiSend } from "../../../src/app/lib/api.ts"
import { CUSTOMER_STORAGE_KEY } from "../../../src/app/lib/authUuid.ts"

/** Spec §7: "Header uuid sent on every request when an auth uuid is stored". */

const memoryStorage = () => {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

let sent: Array<Record<string, string>> = []

beforeEach(() => {
  sent = []
  vi.stubGlobal("localStorage", memoryStorage())
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_input: string, init: RequestInit = {}) => {
      sent.push({ ...(init.headers as Record<string, string>) })
      return new Response("{}", { status: 200 })
    }),
  )
})

afterEach(() => vi.unstubAllGlobals())

const logIn = (uuid: string) =>
  localStorage.setItem(
    CUSTOMER_STORAGE_KEY,
    JSON.stringify({ uuid, mobileNumber: "0501234567", firstName: "Dana" }),
  )

describe("the uuid header", () => {
  it("goes on reads, binary reads and writes once a login is stored", async () => {
    logIn("session-1")
    await apiGet("/presentations")
    await apiBytes(
      "/seats/seats-status-bitmap",
      { presentationId: 1 },
      { accept: "application/octet-stream" },
    )
    await apiSend("PUT", "/seats/lock-seat", {}, { headers: { "x-cart-token": "cart-1" } })
    expect(sent.map((headers) => headers.uuid)).toEqual(["session-1", "session-1", "session-1"])
    expect(sent[2]?.["x-cart-token"]).toBe("cart-1")
  })

  it("is absent for an anonymous buyer and for a damaged entry", async () => {
    await apiGet("/presentations")
    localStorage.setItem(CUSTOMER_STORAGE_KEY, "{not json")
    await apiGet("/presentations")
    expect(sent.map((headers) => "uuid" in headers)).toEqual([false, false])
  })

  it("reads the login at each call: a logout stops it at once", async () => {
    logIn("session-2")
    await apiGet("/config")
    localStorage.removeItem(CUSTOMER_STORAGE_KEY)
    await apiGet("/config")
    expect(sent.map((headers) => headers.uuid)).toEqual(["session-2", undefined])
  })

  it("leaves a uuid the caller names itself (logout revokes the one it just forgot)", async () => {
    await apiSend("POST", "/customer/logout", {}, { headers: { uuid: "being-revoked" } })
    expect(sent[0]?.uuid).toBe("being-revoked")
  })
})
