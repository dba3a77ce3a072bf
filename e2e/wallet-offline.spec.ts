import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type BrowserContext, chromium, type TestInfo } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { Confirmation } from "../src/api/ReservationsApi.ts"
import { qrImage } from "../src/app/edocument/qrImage.ts"
import { expect, onlyOn, pinClock, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm } from "./order-journeys.ts"
import { journeyPresentation } from "./presentations.ts"
import { screenshot } from "./screenshots.ts"
import { walletHolds } from "./wallet.ts"

// offline reloads are served by the service worker, which playwright.config.ts blocks for other journeys
test.use({ serviceWorkers: "allow" })

/**
 * Issue 17, the wallet in airplane mode: a buyer pays for two seats, opens the e-ticket once, goes offline and
 * closes the browser. Started again cold (a new browser process on the same profile, no network from the start),
 * "My tickets" lists it and opens it, each ticket's QR code drawn on the device from its signed pass; the pass
 * on screen is the server's and `verify-ticket` calls it valid. In Hebrew on a phone and
 * in English on a desktop. Under `npm run screenshots` pictures of the wallet and the offline e-ticket go to
 * $WALLET_SHOTS (default /tmp).
 */
const SHOTS = process.env.WALLET_SHOTS ?? "/tmp"
mkdirSync(SHOTS, { recursive: true })

/** A browser process of its own on `profile` (the project's device), so closing it and starting again is cold. */
const launchOn = async (profile: string, testInfo: TestInfo, offline: boolean): Promise<BrowserContext> => {
  const use = testInfo.project.use
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: use.launchOptions?.executablePath,
    args: use.launchOptions?.args,
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    offline,
  })
  await pinClock(context)
  return context
}

test("bought, offline, the browser closed and started cold: the wallet opens the e-ticket and its signed QR codes", async ({
  request,
}, testInfo) => {
  // a whole purchase and a cold browser start: once, in Hebrew on the phone where buyers lose signal (CI time)
  onlyOn(testInfo, "phone")
  test.setTimeout(420_000)
  const profile = mkdtempSync(join(tmpdir(), "marquee-wallet-profile-"))
  const first = await launchOn(profile, testInfo, false)
  let page = first.pages()[0] ?? (await first.newPage())
  const lang = testInfo.project.name === "phone" ? "he" : "en"
  const texts = lang === "he" ? he : en
  const presentation = await journeyPresentation(request, "wallet/offline", testInfo)
  const steps = await holdBestAndContinue(page, presentation.id, 2, lang)
  await detailsToPay(page, steps, presentation.id)
  const confirmation = await payAndConfirm(page, request, presentation.id, 2)
  const key = confirmation.eDocumentUrl.split("/").pop() ?? ""
  // kept in the wallet at the confirmation already, before its e-ticket is opened (issue 17)
  await expect.poll(() => walletHolds(page, key)).toBe(true)

  // opened once with signal: the e-ticket, one QR per ticket, and a copy in the wallet
  await page.getByTestId("open-eticket").click()
  await expect(page.getByTestId("edocument")).toBeVisible()
  await expect(page.getByTestId("ticket-pass-qr")).toHaveCount(2)
  const online = (await (await request.get(`/api/edocuments/${key}?lang=${lang}`)).json()) as Confirmation
  const passes = online.tickets.map((ticket) => ticket.pass ?? "")
  expect(passes.every((pass) => pass.startsWith("MQT1."))).toBe(true)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect.poll(() => walletHolds(page, key)).toBe(true)

  // the wallet, reached from the e-ticket, lists it
  await page.getByTestId("open-wallet").click()
  await expect(page).toHaveURL(new RegExp(`/wallet\\?lang=${lang}$`))
  await expect(page.getByTestId("wallet-upcoming").getByTestId("wallet-entry")).toHaveCount(1)

  // airplane mode in the same session (no cold start): the e-ticket reopened from the list shows the answer the
  // page had before, and says it is the device's copy, as after a cold start
  await first.setOffline(true)
  await page.getByTestId("wallet-entry").getByRole("link").click()
  await expect(page.getByTestId("edocument")).toBeVisible()
  await expect(page.getByTestId("edocument-saved")).toBeVisible()

  // then the browser closed; started again cold with no network: the app, the wallet and the e-ticket come from
  // the device alone. The query cache's persisted copy is dropped as each document starts (before the app could
  // write it back), so what opens is the wallet's
  await first.close()
  const cold = await launchOn(profile, testInfo, true)
  await cold.addInitScript(() => localStorage.removeItem("marquee:queries"))
  page = cold.pages()[0] ?? (await cold.newPage())
  await page.goto(`/wallet?lang=${lang}`).catch(() => undefined)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.wallet.title)
  await expect(page.getByTestId("wallet-offline")).toHaveText(texts.wallet.offline)
  const entry = page.getByTestId("wallet-entry")
  await expect(entry).toContainText(online.presentation?.featureName ?? "")
  await expect(entry).toContainText(texts.wallet.tickets.replace("{{n}}", "2"))
  // and how old its copy is (src/app/lib/savedAge.ts): saved moments ago, by the page's clock
  const saved = texts.status.savedAgo.replace("{{age}}", "")
  await expect(entry.getByTestId("wallet-saved-age")).toHaveText(
    new RegExp(`^(${texts.status.savedJustNow}|${saved}.+)$`),
  )
  await screenshot(page, { path: `${SHOTS}/wallet-${lang}-${testInfo.project.name}.png`, fullPage: true })

  await entry.getByRole("link").click()
  await expect(page.getByTestId("edocument")).toBeVisible()
  await expect(page.getByTestId("edocument-saved")).toBeVisible()
  const codes = page.getByTestId("ticket-pass-qr")
  await expect(codes).toHaveCount(2)
  for (const [i, pass] of passes.entries()) {
    // the code on screen is the server's pass, drawn on the device (the same encoder, byte for byte)
    await expect(codes.nth(i)).toHaveAttribute("data-pass", pass)
    await expect(codes.nth(i)).toHaveAttribute("src", qrImage(pass))
    expect(await codes.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    )
  }
  await screenshot(page, {
    path: `${SHOTS}/eticket-offline-${lang}-${testInfo.project.name}.png`,
    fullPage: true,
  })
  await cold.close()
  rmSync(profile, { recursive: true, force: true })

  // and a door's scanner, holding the published keys, calls the pass on screen valid at the show
  const verified = spawnSync(
    process.execPath,
    [
      "src/cli/verifyTicket.ts",
      passes[0] ?? "",
      "--server",
      String(testInfo.project.use.baseURL),
      "--at",
      online.presentation?.dateTime ?? "",
    ],
    { encoding: "utf8", timeout: 30_000 },
  )
  expect(verified.stdout).toMatch(/^valid: /)
  expect(verified.status).toBe(0)
})
