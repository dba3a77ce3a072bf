import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, describe, expect, it } from "vitest"
import type { CartState } from "../../../src/api/CartApi.ts"
import type { LockResult, SeatRef } from "../../../src/api/SeatsApi.ts"
import { type CartLog, eventMeta, openCartLog } from "../../../src/app/cart/cartLog.ts"
import { MarqueeDb } from "../../../src/app/cart/db.ts"
import { reconcile } from "../../../src/app/cart/reconciler.ts"
import { lockSeats } from "../../../src/app/cart/seatCommands.ts"
import type { SeatCallResult, SeatsClient } from "../../../src/app/seating/seatsClient.ts"
import { CartTypeChosen, PresentationSelected, StepTimerStarted } from "../../../src/domain/cart/events.ts"
import { presentation } from "../../domain/cart/fixtures.ts"

/**
 * The browser side of the cart log with a real Dexie store (fake-indexeddb) and an in-memory server that
 * answers like the seat API: commands carry ids, verdicts and corrections are appended, never overwritten.
 */

interface FakeServer {
  readonly client: SeatsClient
  readonly held: Map<string, { RowName: string; SeatName: string }>
  online: boolean
  lockCalls: number
}

const key = (ref: { VenueSectionId: number; XCoordinate: number; YCoordinate: number }) =>
  `${ref.VenueSectionId}:${ref.XCoordinate}:${ref.YCoordinate}`

const fakeServer = (expiresAt: string): FakeServer => {
  const server: FakeServer = {
    held: new Map(),
    online: true,
    lockCalls: 0,
    client: undefined as unknown as SeatsClient,
  }
  const reachable = () => {
    if (!server.online) throw new TypeError("Failed to fetch")
  }
  const ok = <A>(value: A): SeatCallResult<A, never> => ({ _tag: "Ok", value })
  ;(server as { client: SeatsClient }).client = {
    newCart: async () => ok({ token: "token-1", maxSeatsPerPresentation: 10 }),
    lock: async (_token: string, seats: ReadonlyArray<SeatRef>) => {
      reachable()
      server.lockCalls++
      if (seats.some((seat) => server.held.has(key(seat))))
        return { _tag: "Refused", status: 409, code: "lock_seat_error" } as const
      for (const seat of seats)
        server.held.set(key(seat), { RowName: "A", SeatName: String(seat.XCoordinate + 1) })
      const lockedSeats = seats.map((seat) => ({
        VenueSectionId: seat.VenueSectionId,
        x: seat.XCoordinate,
        y: seat.YCoordinate,
        RowName: "A",
        SeatName: String(seat.XCoordinate + 1),
      }))
      return ok<LockResult>({ lockedSeat: { x: 0, y: 0 }, lockedSeats, expiresAt })
    },
    unlock: async () => ok({ unlockedSeats: [] }),
    renewHolds: async () => {
      reachable()
      return ok({ presentations: [], serverTime: expiresAt })
    },
    sync: async (_token, presentations) => {
      reachable()
      return ok<CartState>({
        serverTime: expiresAt,
        presentations: presentations.map((p) => {
          const held = p.seats.filter((seat) => server.held.has(key(seat)))
          return {
            presentationId: p.presentationId,
            held: held.map((seat) => ({
              VenueSectionId: seat.VenueSectionId,
              x: seat.XCoordinate,
              y: seat.YCoordinate,
              RowName: "A",
              SeatName: String(seat.XCoordinate + 1),
            })),
            lost: [],
            expiresAt: held.length > 0 ? expiresAt : null,
          }
        }),
      })
    },
  }
  return server
}

const memoryStorage = () => {
  const values = new Map<string, string>()
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  }
}

const opened: Array<MarqueeDb> = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

const newCart = async (): Promise<CartLog> => {
  const db = new MarqueeDb({ indexedDB: new IDBFactory(), IDBKeyRange })
  opened.push(db)
  const cart = await openCartLog(db, memoryStorage())
  cart.setCartToken("token-1")
  await cart.store.append([
    CartTypeChosen.make({ ...eventMeta(), cartType: "tickets" }),
    PresentationSelected.make({ ...eventMeta(), presentation: presentation({ id: 42 }), isEnrolling: false }),
  ])
  return cart
}

const seat = { VenueSectionId: 1, x: 3, y: 2 }

describe("seat commands and the reconciler", () => {
  it("a lock records intent and verdict under one command id", async () => {
    const cart = await newCart()
    const server = fakeServer("2030-01-01T00:10:00.000Z")
    const state = await lockSeats(cart, server.client, 42, [seat])
    const commands = Object.values(state.commands)
    expect(commands).toHaveLength(1)
    expect(commands[0]?.status).toBe("accepted")
    expect(state.presentations[0]?.seats.map((s) => s.x)).toEqual([3])
  })

  it("a lock whose answer was lost stays pending; the reconciler settles it from the server, without resending", async () => {
    const cart = await newCart()
    const server = fakeServer("2030-01-01T00:10:00.000Z")
    // the request reached the server, the answer did not come back
    const lock = server.client.lock
    ;(server.client as { lock: SeatsClient["lock"] }).lock = async (...args) => {
      await lock(...args)
      throw new TypeError("Failed to fetch")
    }
    await expect(lockSeats(cart, server.client, 42, [seat])).rejects.toThrow("Failed to fetch")
    expect(Object.values(cart.store.state().commands)[0]?.status).toBe("pending")
    const later = () => new Date(Date.now() + 60_000)
    const state = await reconcile(cart, server.client, { now: later })
    expect(Object.values(state.commands)[0]?.status).toBe("accepted")
    expect(state.presentations[0]?.seats).toHaveLength(1)
    expect(server.lockCalls).toBe(1)
  })

  it("a hold the server let go shows as lost; an expired step timer is recorded once", async () => {
    const cart = await newCart()
    const server = fakeServer("2030-01-01T00:10:00.000Z")
    await lockSeats(cart, server.client, 42, [seat])
    await cart.store.append([
      StepTimerStarted.make({
        ...eventMeta(),
        step: "chooseSeats",
        deadline: new Date(Date.now() - 1000).toISOString(),
      }),
    ])
    server.held.clear()
    const state = await reconcile(cart, server.client)
    expect(state.presentations[0]?.seats).toHaveLength(0)
    expect(state.timers.chooseSeats?.expiredAt).not.toBeNull()
    const count = state.eventCount
    expect((await reconcile(cart, server.client)).eventCount).toBe(count)
  })

  it("offline: the reconciler changes nothing and reports no error to the log", async () => {
    const cart = await newCart()
    const server = fakeServer("2030-01-01T00:10:00.000Z")
    await lockSeats(cart, server.client, 42, [seat])
    server.online = false
    const before = cart.store.state()
    await expect(reconcile(cart, server.client)).rejects.toThrow()
    expect(cart.store.state()).toEqual(before)
  })
})
