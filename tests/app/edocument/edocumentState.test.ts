import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { describe, expect, it } from "vitest"
import type { Confirmation } from "../../../src/api/ReservationsApi.ts"
import { edocumentState } from "../../../src/app/edocument/useEDocument.ts"
import { saveDocument, savedDocument } from "../../../src/app/wallet/savedDocuments.ts"
import { WalletDb } from "../../../src/app/wallet/walletDb.ts"

const confirmation = (status: Confirmation["status"] = "paid"): Confirmation =>
  ({
    reservationIdentifier: "MQ1234567890",
    status,
    purchasedAt: "2026-11-24T08:00:00.000Z",
    presentation: {
      id: 7,
      featureName: "Dune",
      dateTime: "2026-11-25T20:00:00+02:00",
      durationMinutes: 155,
      venueName: "Hall 3",
      locationName: "Tel Aviv",
    },
    tickets: [],
    products: [],
    total: 4700,
    serviceCharge: 0,
    serviceChargeLabel: "",
    voucherAmount: 0,
    qrPayload: "MQ1234567890",
    eDocumentUrl: "/edocument/k",
  }) as unknown as Confirmation

const none = { live: undefined, missing: false, failed: false, offline: false } as const

describe("what the e-ticket page shows", () => {
  it("shows the server's answer whenever there is one", () => {
    const live = confirmation()
    expect(
      edocumentState({ ...none, live, saved: { confirmation: confirmation("awaitingPayment"), savedAt: 1 } }),
    ).toEqual({ kind: "shown", confirmation: live, savedAt: null })
  })

  it("shows the wallet's copy until then, saying how old it is only when the server cannot be asked", () => {
    const saved = { confirmation: confirmation(), savedAt: 1_000 }
    expect(edocumentState({ ...none, saved })).toMatchObject({ kind: "shown", savedAt: null })
    expect(edocumentState({ ...none, offline: true, saved })).toMatchObject({ kind: "shown", savedAt: 1_000 })
    expect(edocumentState({ ...none, failed: true, saved })).toMatchObject({ kind: "shown", savedAt: 1_000 })
  })

  it("says so too for an answer from earlier in the session, reopened after signal went (not a cold start)", () => {
    const live = confirmation()
    // the query cache's answer of 1,500 ms, from before this visit: offline, or the server failing, it is the copy
    expect(edocumentState({ ...none, live, liveBefore: 1_500, offline: true, saved: undefined })).toEqual({
      kind: "shown",
      confirmation: live,
      savedAt: 1_500,
    })
    expect(edocumentState({ ...none, live, liveBefore: 1_500, failed: true, saved: null })).toMatchObject({
      savedAt: 1_500,
    })
    // with signal it is being asked again: no notice meanwhile; an answer of this visit is the server's, not a copy
    expect(edocumentState({ ...none, live, liveBefore: 1_500, saved: null })).toMatchObject({ savedAt: null })
    expect(edocumentState({ ...none, live, liveBefore: null, offline: true, saved: null })).toMatchObject({
      savedAt: null,
    })
  })

  it("says missing for a key the server does not know, even if the device kept it", () => {
    const saved = { confirmation: confirmation(), savedAt: 1_000 }
    expect(edocumentState({ ...none, missing: true, failed: true, saved })).toEqual({ kind: "missing" })
  })

  it("fails plainly with no answer and no copy, and waits while either may still come", () => {
    expect(edocumentState({ ...none, offline: true, saved: null })).toEqual({ kind: "failed" })
    expect(edocumentState({ ...none, failed: true, saved: null })).toEqual({ kind: "failed" })
    expect(edocumentState({ ...none, saved: null })).toEqual({ kind: "loading" })
    expect(edocumentState({ ...none, offline: true, saved: undefined })).toEqual({ kind: "loading" })
  })
})

describe("the wallet on the device", () => {
  const open = () => new WalletDb({ indexedDB: new IDBFactory(), IDBKeyRange })

  it("keeps an e-document by its key, the newest answer replacing the older", async () => {
    const db = open()
    expect(
      await saveDocument(db, { key: "k", lang: "he", confirmation: confirmation("awaitingPayment") }, 1),
    ).toBe(true)
    await saveDocument(db, { key: "k", lang: "en", confirmation: confirmation("paid") }, 2)
    const row = await savedDocument(db, "k")
    expect(row).toMatchObject({ key: "k", lang: "en", savedAt: 2, startsAt: "2026-11-25T20:00:00+02:00" })
    expect(row?.confirmation.status).toBe("paid")
    expect(await savedDocument(db, "other")).toBeUndefined()
  })

  it("never breaks the page when the device cannot store it", async () => {
    const db = open()
    db.close({ disableAutoOpen: true })
    expect(await saveDocument(db, { key: "k", lang: "he", confirmation: confirmation() }, 1)).toBe(false)
    expect(await savedDocument(db, "k")).toBeUndefined()
  })
})
