import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { renderSVG } from "uqr"
import { describe, expect, it } from "vitest"
import type { Confirmation } from "../../../src/api/ReservationsApi.ts"
import { qrImage, qrModules } from "../../../src/app/edocument/qrImage.ts"
import { knownQrModules, rememberQrModules } from "../../../src/app/wallet/qrMemory.ts"
import { saveDocument, savedDocument } from "../../../src/app/wallet/savedDocuments.ts"
import { WalletDb } from "../../../src/app/wallet/walletDb.ts"

/**
 * Issue 17: a cold start offline draws the e-ticket's codes from modules kept with the wallet's copy, not by
 * encoding them again (the costliest part of the e-ticket's first render); the picture is the encoder's own.
 */
const PASS = `MQT1.${"a1B2-c3_D4".repeat(20)}`

describe("QR codes of a saved e-ticket", () => {
  it("draws the same SVG as uqr's renderSVG, from modules it remembers", () => {
    const expected = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
      renderSVG(PASS, { ecc: "M", border: 2, pixelSize: 8 }),
    )}`
    expect(qrImage(PASS)).toBe(expected)
    expect(knownQrModules(PASS)).toBe(qrModules(PASS))
    expect(Math.sqrt(qrModules(PASS).length) % 1).toBe(0)
  })

  it("keeps a pass's modules with the saved copy and hands them back when the copy is read", async () => {
    const pass = `${PASS}-kept`
    const modules = qrModules(pass)
    const db = new WalletDb({ indexedDB: new IDBFactory(), IDBKeyRange })
    const confirmation = {
      reservationIdentifier: "R-1",
      purchasedAt: "2026-11-20T08:00:00Z",
      presentation: null,
      tickets: [
        { ticketIdentifier: "t1", state: "active", pass },
        { ticketIdentifier: "t2", state: "cancelled", pass: `${pass}-cancelled` },
      ],
    } as unknown as Confirmation
    await saveDocument(db, { key: "k1", lang: "en", confirmation }, 1_000)
    const row = await savedDocument(db, "k1")
    // only codes already drawn are kept (a cancelled ticket shows none): saving never encodes
    expect(row?.qr).toEqual({ [pass]: modules })
    db.close()
  })

  it("ignores kept modules that are not a square of 0s and 1s", () => {
    rememberQrModules("damaged", "10x")
    rememberQrModules("short", "101")
    expect(knownQrModules("damaged")).toBeUndefined()
    expect(knownQrModules("short")).toBeUndefined()
  })
})
