import { Dexie, liveQuery } from "dexie"
import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, describe, expect, it } from "vitest"
import type { Confirmation } from "../../../src/api/ReservationsApi.ts"
import { refreshSavedDocuments } from "../../../src/app/wallet/refreshSaved.ts"
import { saveDocument } from "../../../src/app/wallet/savedDocuments.ts"
import { WalletDb } from "../../../src/app/wallet/walletDb.ts"
import {
  arrangeWallet,
  forgetPastShows,
  PAST_KEPT_DAYS,
  readWallet,
  type WalletList,
} from "../../../src/app/wallet/walletList.ts"

/**
 * "My tickets" (issue 17): what the wallet lists and in what order, that the list `useLiveQuery` reads follows a
 * ticket saved through another connection (another tab), and that shows long over are forgotten.
 */
const NOW = Date.parse("2026-11-25T12:00:00Z")
const DAY = 86_400_000

const opened: Array<WalletDb> = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})
const openWallet = (factory = new IDBFactory()) => {
  const db = new WalletDb({ indexedDB: factory, IDBKeyRange })
  opened.push(db)
  return db
}

const confirmation = (
  feature: string,
  dateTime: string,
  durationMinutes: number | null = 120,
): Confirmation =>
  ({
    reservationIdentifier: `R-${feature}`,
    status: "paid",
    purchasedAt: "2026-11-20T08:00:00Z",
    presentation: {
      id: 1,
      featureName: feature,
      dateTime,
      durationMinutes,
      venueName: "Hall 1",
      locationName: "Tel Aviv",
    },
    tickets: [],
    products: [],
    total: 0,
    serviceCharge: 0,
    serviceChargeLabel: "",
    voucherAmount: 0,
    qrPayload: "",
    eDocumentUrl: `/edocument/${feature}`,
  }) as unknown as Confirmation

const save = (db: WalletDb, feature: string, dateTime: string, durationMinutes: number | null = 120) =>
  saveDocument(
    db,
    { key: feature, lang: "en", confirmation: confirmation(feature, dateTime, durationMinutes) },
    NOW,
  )

const features = (list: WalletList) => ({
  upcoming: list.upcoming.map((d) => d.key),
  past: list.past.map((d) => d.key),
})

describe("the wallet list", () => {
  it("lists shows to come soonest first, then shows just over latest first", async () => {
    const db = openWallet()
    await save(db, "later", "2026-11-28T20:00:00+02:00")
    await save(db, "tonight", "2026-11-25T21:00:00+02:00")
    // started two hours ago, runs three: still on, still upcoming
    await save(db, "running", "2026-11-25T12:00:00+02:00", 180)
    await save(db, "yesterday", "2026-11-24T20:00:00+02:00")
    await save(db, "lastWeek", "2026-11-20T20:00:00+02:00")
    expect(features(await readWallet(db, NOW))).toEqual({
      upcoming: ["running", "tonight", "later"],
      past: ["yesterday", "lastWeek"],
    })
  })

  it("lists orders without a showing (vouchers, memberships) after the shows to come, and never as past", async () => {
    const db = openWallet()
    await save(db, "tonight", "2026-11-25T21:00:00+02:00")
    const voucher = (key: string, purchasedAt: string) =>
      saveDocument(
        db,
        {
          key,
          lang: "en",
          confirmation: { ...confirmation(key, purchasedAt), presentation: null, purchasedAt },
        },
        NOW,
      )
    await voucher("giftOld", "2026-10-01T10:00:00+03:00")
    await voucher("giftNew", "2026-11-20T10:00:00+02:00")
    expect(features(await readWallet(db, NOW))).toEqual({
      upcoming: ["tonight", "giftNew", "giftOld"],
      past: [],
    })
    expect(await forgetPastShows(db, NOW + 365 * DAY)).toBe(1)
    expect((await db.documents.toArray()).map((d) => d.key).sort()).toEqual(["giftNew", "giftOld"])
  })

  it("counts an unknown length as four hours", () => {
    const started = (hoursAgo: number) =>
      ({
        key: `h${hoursAgo}`,
        startsAt: new Date(NOW - hoursAgo * 3_600_000).toISOString(),
        confirmation: confirmation("x", new Date(NOW - hoursAgo * 3_600_000).toISOString(), null),
      }) as never
    expect(features(arrangeWallet([started(3), started(5)], NOW))).toEqual({ upcoming: ["h3"], past: ["h5"] })
  })

  it("forgets shows over for more than a week, and keeps the rest", async () => {
    const db = openWallet()
    await save(db, "justKept", new Date(NOW - PAST_KEPT_DAYS * DAY + 60_000).toISOString(), 0)
    await save(db, "tooOld", new Date(NOW - PAST_KEPT_DAYS * DAY - 60_000).toISOString(), 0)
    await save(db, "coming", "2026-12-01T20:00:00+02:00")
    expect(await forgetPastShows(db, NOW)).toBe(1)
    expect((await db.documents.toArray()).map((d) => d.key).sort()).toEqual(["coming", "justKept"])
  })

  it("shows a ticket saved through another connection at once (what useLiveQuery subscribes to)", async () => {
    const factory = new IDBFactory()
    // liveQuery stays silent unless Dexie's global dependency is set, as a browser always has it
    Dexie.dependencies.indexedDB = factory
    Dexie.dependencies.IDBKeyRange = IDBKeyRange
    const page = openWallet(factory)
    const otherTab = openWallet(factory)
    const seen: Array<Array<string>> = []
    const subscription = liveQuery(() => readWallet(page, NOW)).subscribe({
      next: (list) => seen.push(list.upcoming.map((d) => d.key)),
    })
    await expect.poll(() => seen.length).toBeGreaterThan(0)
    expect(seen.at(-1)).toEqual([])
    await save(otherTab, "tonight", "2026-11-25T21:00:00+02:00")
    await expect.poll(() => seen.at(-1)).toEqual(["tonight"])
    subscription.unsubscribe()
  })

  it("takes the server's answer for every copy when it opens with signal, and keeps a copy the server did not give", async () => {
    const db = openWallet()
    await save(db, "cancelledSince", "2026-11-28T20:00:00+02:00")
    await save(db, "unreachable", "2026-11-29T20:00:00+02:00")
    const later = NOW + 3_600_000
    const refreshed = await refreshSavedDocuments(
      db,
      async (key) => {
        if (key === "unreachable") throw new Error("no answer")
        const answer = confirmation(key, "2026-11-28T20:00:00+02:00")
        return { ...answer, tickets: [{ state: "cancelled" }] } as unknown as Confirmation
      },
      "he",
      () => later,
    )
    expect(refreshed).toBe(1)
    const cancelled = await db.documents.get("cancelledSince")
    expect(cancelled?.confirmation.tickets.map((ticket) => ticket.state)).toEqual(["cancelled"])
    expect(cancelled?.savedAt).toBe(later)
    expect(cancelled?.lang).toBe("he")
    // the copy whose refresh failed stays, with the age it had
    expect((await db.documents.get("unreachable"))?.savedAt).toBe(NOW)
  })
})
