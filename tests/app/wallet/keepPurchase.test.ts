import { Dexie } from "dexie"
import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { describe, expect, it } from "vitest"
import type { Confirmation, VoucherDocument } from "../../../src/api/ReservationsApi.ts"
import type { EnrolDraft } from "../../../src/app/enrol/enrolClient.ts"
import { paidEnrolmentOrder } from "../../../src/app/enrol/paidOrder.ts"
import { keepPurchase } from "../../../src/app/wallet/keepPurchase.ts"
import type { PersistentStorage } from "../../../src/app/wallet/keepStorage.ts"
import { refreshSavedVouchers } from "../../../src/app/wallet/refreshSaved.ts"
import { readWallet } from "../../../src/app/wallet/walletList.ts"
import { fakeWallets } from "../../_support/fakeWallet.ts"

/**
 * Issue 17, "every e-document bought on this device is kept in the wallet at the confirmation, not only when
 * opened", and a bought gift voucher's own e-document (code, balance, validity) kept beside the tickets, listed
 * and refreshed like them.
 */
const NOW = Date.parse("2026-11-25T12:00:00Z")

const openWallet = fakeWallets()
const storage = () => {
  const asked = { count: 0 }
  const api: PersistentStorage = {
    persist: async () => {
      asked.count++
      return true
    },
  }
  return { api, asked }
}

const KEY_A = `v${"A".repeat(32)}`
const KEY_B = `v${"B".repeat(32)}`

const ticketOrder = (status: Confirmation["status"] = "paid"): Confirmation =>
  ({
    reservationIdentifier: "R-1",
    status,
    purchasedAt: "2026-11-25T10:00:00+02:00",
    orderKind: "tickets",
    presentation: {
      id: 1,
      featureName: "Film",
      dateTime: "2026-11-26T20:00:00+02:00",
      durationMinutes: 120,
      venueName: "Hall 1",
      locationName: "Tel Aviv",
    },
    tickets: [{ ticketIdentifier: "1", state: "active", pass: "MQT1.x.y" }],
    products: [],
    total: 4_000,
    serviceCharge: 0,
    serviceChargeLabel: "",
    voucherAmount: 0,
    qrPayload: "MQ1:R-1:1",
    eDocumentUrl: "/edocument/orderKey",
  }) as unknown as Confirmation

const voucherOrder = (): Confirmation =>
  ({
    ...ticketOrder(),
    reservationIdentifier: "R-2",
    orderKind: "vouchers",
    presentation: null,
    tickets: [],
    items: [
      {
        id: "1",
        kind: "voucher",
        name: "Gift card",
        quantity: 2,
        total: 24_000,
        issued: ["GIFT-A", "GIFT-B"],
        documents: [`/edocument/${KEY_A}`, `/edocument/${KEY_B}`],
      },
    ],
  }) as unknown as Confirmation

const voucher = (reference: string, balance = 12_000): VoucherDocument => ({
  reference,
  benefitName: "Gift card",
  kind: "money",
  balance,
  quantity: 12_000,
  state: balance < 12_000 ? "partiallyRedeemed" : "active",
  StartDate: "2026-11-25",
  EndDate: "2031-11-24",
  purchasedAt: "2026-11-25T10:00:00+02:00",
})

describe("kept in the wallet at the confirmation", () => {
  it("a paid ticket order is kept under its key, with its passes, and the storage asked to stay once", async () => {
    const db = openWallet()
    const { api, asked } = storage()
    const kept = await keepPurchase(
      db,
      { key: "orderKey", lang: "he", confirmation: ticketOrder() },
      async () => {
        throw new Error("a ticket order has no voucher to ask for")
      },
      api,
      () => NOW,
    )
    expect(kept).toEqual({ order: true, vouchers: 0 })
    const row = await db.documents.get("orderKey")
    expect(row).toMatchObject({ key: "orderKey", savedAt: NOW, lang: "he", reservationIdentifier: "R-1" })
    expect(row?.confirmation.tickets[0]?.pass).toBe("MQT1.x.y")
    expect(asked.count).toBe(1)
    expect((await readWallet(db, NOW)).upcoming.map((d) => d.key)).toEqual(["orderKey"])
  })

  it("an unpaid order, or one without its key, is not kept", async () => {
    const db = openWallet()
    const { api, asked } = storage()
    const fail = async (): Promise<VoucherDocument> => {
      throw new Error("not asked")
    }
    expect(
      await keepPurchase(
        db,
        { key: "k", lang: "en", confirmation: ticketOrder("awaitingPayment") },
        fail,
        api,
        () => NOW,
      ),
    ).toEqual({ order: false, vouchers: 0 })
    expect(
      await keepPurchase(db, { key: "", lang: "en", confirmation: ticketOrder() }, fail, api, () => NOW),
    ).toEqual({ order: false, vouchers: 0 })
    expect(await db.documents.count()).toBe(0)
    expect(asked.count).toBe(0)
  })

  it("a voucher order keeps the order and each voucher's own e-document; one the server does not answer is skipped", async () => {
    const db = openWallet()
    const asked: Array<string> = []
    const kept = await keepPurchase(
      db,
      { key: "voucherOrder", lang: "en", confirmation: voucherOrder() },
      async (key) => {
        asked.push(key)
        if (key === KEY_B) throw new Error("no answer")
        return voucher("GIFT-A")
      },
      storage().api,
      () => NOW,
    )
    expect(kept).toEqual({ order: true, vouchers: 1 })
    expect(asked.sort()).toEqual([KEY_A, KEY_B])
    expect(await db.vouchers.get(KEY_A)).toEqual({
      key: KEY_A,
      savedAt: NOW,
      lang: "en",
      voucher: voucher("GIFT-A"),
    })
    expect(await db.vouchers.get(KEY_B)).toBeUndefined()
    const wallet = await readWallet(db, NOW)
    expect(wallet.vouchers.map((v) => v.voucher.reference)).toEqual(["GIFT-A"])
    // the order itself is listed among the orders without a showing
    expect(wallet.upcoming.map((d) => d.key)).toEqual(["voucherOrder"])
  })

  it("the wallet asks again for every voucher it keeps: the balance after it paid, a copy not answered kept", async () => {
    const db = openWallet()
    const later = NOW + 3_600_000
    await keepPurchase(
      db,
      { key: "voucherOrder", lang: "en", confirmation: voucherOrder() },
      async (key) => voucher(key === KEY_A ? "GIFT-A" : "GIFT-B"),
      storage().api,
      () => NOW,
    )
    const refreshed = await refreshSavedVouchers(
      db,
      async (key) => {
        if (key === KEY_B) throw new Error("no answer")
        return voucher("GIFT-A", 4_500)
      },
      "he",
      () => later,
    )
    expect(refreshed).toBe(1)
    expect(await db.vouchers.get(KEY_A)).toMatchObject({
      savedAt: later,
      lang: "he",
      voucher: { balance: 4_500, state: "partiallyRedeemed" },
    })
    expect(await db.vouchers.get(KEY_B)).toMatchObject({ savedAt: NOW, voucher: { balance: 12_000 } })
  })

  it("a membership order (its member seat's line) is kept, listed among the orders without a showing", async () => {
    const db = openWallet()
    const membership = {
      ...ticketOrder(),
      reservationIdentifier: "R-3",
      orderKind: "memberships",
      presentation: null,
      tickets: [],
      items: [{ id: "1", kind: "membership", name: "Gold", quantity: 1, total: 9_000, issued: ["M-77"] }],
    } as unknown as Confirmation
    const kept = await keepPurchase(
      db,
      { key: "memberKey", lang: "he", confirmation: membership },
      async () => {
        throw new Error("a membership has no voucher to ask for")
      },
      storage().api,
      () => NOW,
    )
    expect(kept).toEqual({ order: true, vouchers: 0 })
    expect((await readWallet(db, NOW)).upcoming.map((d) => d.key)).toEqual(["memberKey"])
  })

  it("a season enrolment paid on this device names its order and key, and its tickets are kept at its confirmation", async () => {
    const draft = (reservationIdentifier: string | null, documentKey?: string): EnrolDraft => ({
      membershipId: 1,
      seasonId: 1,
      cartToken: "t",
      ticketGroupId: 1,
      ticketId: 1,
      chosen: [],
      seats: {},
      idempotencyKey: "k",
      reservationIdentifier,
      ...(documentKey === undefined ? {} : { documentKey }),
    })
    const enrolled = (status: "paid" | "awaitingPayment") => ({
      reservationIdentifier: "R-9",
      status,
      seats: [{ PresentationId: 1, RowName: "3", SeatName: "4" }],
    })
    // still being paid, paid by another device (no key here), or this device's draft of another order: nothing
    expect(paidEnrolmentOrder(enrolled("awaitingPayment"), draft("R-9", "enrolKey"))).toBeNull()
    expect(paidEnrolmentOrder(enrolled("paid"), draft("R-9"))).toBeNull()
    expect(paidEnrolmentOrder(enrolled("paid"), draft("R-8", "enrolKey"))).toBeNull()
    expect(paidEnrolmentOrder(null, draft("R-9", "enrolKey"))).toBeNull()
    const paid = paidEnrolmentOrder(enrolled("paid"), draft("R-9", "enrolKey"))
    expect(paid).toEqual({ identifier: "R-9", documentKey: "enrolKey" })

    const db = openWallet()
    const enrolment = {
      ...ticketOrder(),
      reservationIdentifier: "R-9",
      orderKind: "enrolment",
    } as unknown as Confirmation
    const kept = await keepPurchase(
      db,
      { key: paid?.documentKey ?? "", lang: "en", confirmation: enrolment },
      async () => {
        throw new Error("an enrolment has no voucher to ask for")
      },
      storage().api,
      () => NOW,
    )
    expect(kept).toEqual({ order: true, vouchers: 0 })
    expect(await db.documents.get("enrolKey")).toMatchObject({
      reservationIdentifier: "R-9",
      confirmation: { orderKind: "enrolment", tickets: [{ pass: "MQT1.x.y" }] },
    })
  })

  it("opens a wallet saved by version 2 and keeps its tickets, with an empty voucher table", async () => {
    const factory = new IDBFactory()
    const v2 = new Dexie("marquee-wallet", { indexedDB: factory, IDBKeyRange })
    v2.version(2).stores({ documents: "key, startsAt, savedAt", settings: "key" })
    await v2.table("documents").put({ key: "k", startsAt: "2026-11-25T20:00:00+02:00", savedAt: 1 })
    v2.close()
    const db = openWallet(factory)
    expect(await db.documents.get("k")).toMatchObject({ key: "k" })
    expect(await db.vouchers.count()).toBe(0)
  })
})
