import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { SeatStatuses } from "../src/api/SeatsApi.ts"
import {
  JOURNEY_AREA_MOBILES,
  type JourneyProject,
  journeyAreaVoucher,
} from "../src/server/db/seed/journeys.ts"
import { storedOnDevice } from "./deviceStorage.ts"
import { expect, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm } from "./order-journeys.ts"
import { journeyPresentation } from "./presentations.ts"
import { screenshotsWanted } from "./screenshots.ts"
import { savedTicketStates, walletHolds } from "./wallet.ts"

/**
 * The customer area (issue 15), on what the journey itself bought: in Hebrew on a phone and in English on a
 * desktop, a customer of the project's own (src/server/db/seed/journeys.ts, JOURNEY_AREA_MOBILES) signs in by
 * phone and SMS code, buys two tickets on the journey's presentation with that session, and back in the area finds
 * them, resends them by SMS, cancels one with the charge shown before confirming (the phone's refund goes back to
 * the card, the desktop's to transaction credit) and sees its seat on sale again, makes their voucher a
 * replacement and signs out: nothing of theirs is left in localStorage, IndexedDB or the Query cache (in memory
 * and its persisted copy).
 *
 * Under SCREENSHOTS a third test shoots every screen of the seeded demo customer's area (every reservation,
 * voucher, membership and VOD state, the dialogs up to their confirm button) in he and en on both projects, signed
 * in by e-mail (read only, so the four runs at once get in nobody's way), to $AREA_SHOTS (default /tmp).
 */

const SHOTS = process.env.AREA_SHOTS ?? "/tmp"

type Texts = typeof en.customerArea

/** The code in the newest sign-in code message the sandbox delivered to `recipient`. */
const codeFor = async (request: APIRequestContext, recipient: string): Promise<string> => {
  let code = ""
  await expect
    .poll(
      async () => {
        const inbox = await (await request.get(`/sandbox/inbox/${encodeURIComponent(recipient)}`)).text()
        const messages = [...inbox.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? "")
        // not a sign-in link, nor the tickets' links a resend sends
        const newest =
          messages.find((body) => !body.includes("/customer/") && !body.includes("/edocument")) ?? ""
        code = /(?<!\d)(\d{6})(?!\d)/.exec(newest.split("<br>").at(-1) ?? "")?.[1] ?? ""
        return code
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/)
  return code
}

/** A picture for a person to look at: only under SCREENSHOTS (npm test spends no time encoding PNGs). */
const shot = async (target: Page | Locator, name: string, fullPage = false) => {
  if (!screenshotsWanted) return
  if ("goto" in target) await target.screenshot({ path: `${SHOTS}/customer-area-${name}.png`, fullPage })
  else {
    await target.scrollIntoViewIfNeeded()
    await target.screenshot({ path: `${SHOTS}/customer-area-${name}.png` })
  }
}

const stateOf = (card: Locator) => card.getByTestId("reservation-state")

/** A reservation card in `state` (its tickets carry a `data-state` of their own). */
const inState = (state: string) => `[data-testid="reservation"][data-state="${state}"]`

/** Reserved seats nobody can buy now, as an anonymous buyer sees the presentation. */
const takenSeats = async (request: APIRequestContext, presentationId: number) => {
  const answer = await request.get("/api/seats/seats-statusV2", { params: { presentationId } })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as SeatStatuses).seats.filter((seat) => !seat.isAvailable).length
}

/**
 * The e-document swiper (spec §2): on a phone the passes sit side by side in a strip that scrolls sideways, one to
 * a screen; on a desktop they stack, one under the other.
 */
const expectPassesSwiped = async (page: Page, swiped: boolean) => {
  const passes = page.getByTestId("eticket-ticket")
  const [first, second] = await passes.evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect()
      return { top: Math.round(box.top), left: Math.round(box.left), width: Math.round(box.width) }
    }),
  )
  expect(first && second).toBeTruthy()
  if (first === undefined || second === undefined) return
  const strip = await page.getByTestId("confirmation-tickets").evaluate((list) => ({
    scrolls: list.scrollWidth > list.clientWidth,
    width: list.clientWidth,
    pageWidth: document.documentElement.scrollWidth,
  }))
  // the strip scrolls, never the page: a page wider than the screen is zoomed out whole on a phone
  expect(strip.pageWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
  if (swiped) {
    expect(second.top).toBe(first.top)
    expect(second.left).not.toBe(first.left)
    expect(strip.scrolls).toBe(true)
    // one pass to a screen, the next peeking in
    expect(first.width).toBeGreaterThan(strip.width * 0.75)
  } else {
    expect(second.top).toBeGreaterThan(first.top)
    expect(strip.scrolls).toBe(false)
  }
}

const signInByPhone = async (page: Page, request: APIRequestContext, mobile: string, lang: string) => {
  await page.goto(`/customer?lang=${lang}`)
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "he" ? "rtl" : "ltr")
  await page.getByTestId("sign-in-mobile").fill(mobile)
  await page.getByTestId("sign-in-submit").click()
  await expect(page.getByTestId("sign-in-code-step")).toBeVisible({ timeout: 30_000 })
  await page.getByTestId("sign-in-code").fill(await codeFor(request, mobile))
  await page.getByTestId("sign-in-submit").click()
  await expect(page.getByTestId("customer-area")).toBeVisible({ timeout: 30_000 })
}

/** Everything this origin keeps in localStorage and IndexedDB, and every query the app's cache holds, as text. */
const deviceContents = async (page: Page) => {
  const rows: unknown = JSON.parse(await storedOnDevice(page))
  const queries = await page.evaluate(() => {
    const client = (
      window as {
        __TANSTACK_QUERY_CLIENT__?: {
          getQueryCache: () => { getAll: () => Array<{ queryKey: unknown; state: { data: unknown } }> }
        }
      }
    ).__TANSTACK_QUERY_CLIENT__
    if (client === undefined) return "no query client on the page"
    return client
      .getQueryCache()
      .getAll()
      .map((query) => ({ key: query.queryKey, data: query.state.data }))
  })
  // one JSON text, each value escaped once, as the checks below expect
  return JSON.stringify({ rows, queries })
}

/**
 * Signs out with the confirmation; then nothing of the customer's is on the device: no login, none of the area's
 * queries, not their number, voucher or masked ID number (the copy of the demo customer's), not the details typed
 * into the order. The e-tickets kept for offline use may stay: they are anonymous by design.
 */
const signOutLeavesNothing = async (page: Page, mobile: string, voucher: string, signedOut: string) => {
  await page.getByTestId("sign-out").click()
  await page.getByTestId("sign-out-confirm").click()
  await expect(page.getByTestId("signed-out")).toHaveText(signedOut)
  await expect(page.getByTestId("customer-area")).toHaveCount(0)
  // the persisted copy of the cache is written at most a second after a change
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("marquee:queries") ?? ""), { timeout: 5_000 })
    .not.toContain('"customerArea"')
  const left = await deviceContents(page)
  expect(left).toContain('"queries"')
  for (const personal of [
    "marquee.customer",
    '"customerArea"',
    '"customer-area"',
    mobile,
    mobile.slice(1),
    voucher,
    "******013",
    "dana@example.com",
  ])
    expect(left, personal).not.toContain(personal)
}

/** Cancels the first of `card`'s tickets; the server's quote (charge and refund) shows before confirming. */
const cancelOneTicket = async (page: Page, card: Locator, texts: Texts, toCredit: boolean, name: string) => {
  await card.getByTestId("cancel-reservation").click()
  const dialog = page.getByTestId("cancel-dialog")
  await expect(dialog.getByRole("heading")).toBeVisible()
  const boxes = dialog.getByTestId("cancel-ticket")
  const count = await boxes.count()
  for (let i = 1; i < count; i++) await boxes.nth(i).uncheck()
  if (toCredit) await dialog.getByTestId("refund-credit").check()
  await expect(dialog.getByText(texts.cancel.charge, { exact: true })).toBeVisible()
  await expect(dialog.getByTestId("cancel-charge")).toContainText(/\d/)
  await expect(dialog.getByTestId("cancel-refund")).toContainText(/\d/)
  await shot(page, `${name}-cancel-quote`)
  await dialog.getByTestId("cancel-confirm").click()
  await expect(dialog.getByTestId("cancel-done")).toBeVisible({ timeout: 30_000 })
  await shot(page, `${name}-cancel-done`)
  await dialog.getByRole("button", { name: texts.close }).click()
  await expect(dialog).toHaveCount(0)
}

/** The area's own section link lands on its section below the sticky site header, not under it. */
const goToSection = async (page: Page, texts: Texts, section: "vouchers") => {
  await page
    .getByRole("navigation", { name: texts.navLabel })
    .getByRole("link", { name: texts.nav[section], exact: true })
    .click()
  await expect(page).toHaveURL(new RegExp(`#area-${section}$`))
  const below = () =>
    page.evaluate((id) => {
      const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0
      const heading = document.getElementById(id)?.getBoundingClientRect().top ?? -1
      return heading >= header && heading < header + 80
    }, `area-${section}`)
  await expect.poll(below).toBe(true)
}

const replaceVoucher = async (page: Page, reference: string, texts: Texts, name: string) => {
  const voucher = page.locator(`[data-voucher="${reference}"]`)
  await voucher.getByTestId("voucher-history-toggle").click()
  await expect(voucher.getByTestId("voucher-history").getByRole("listitem").first()).toBeVisible()
  await shot(voucher, `${name}-voucher-history`)
  await voucher.getByTestId("voucher-replace").click()
  const dialog = page.getByTestId("voucher-dialog")
  await expect(dialog).toContainText(reference)
  await shot(page, `${name}-voucher-replace-confirm`)
  await dialog.getByTestId("voucher-confirm").click()
  await expect(voucher.getByTestId("voucher-done")).toContainText(reference)
  await expect(voucher.getByTestId("voucher-state")).toHaveText(texts.voucher.states.forReplacement)
  await expect(voucher.getByTestId("voucher-replace")).toHaveCount(0)
  await shot(voucher, `${name}-voucher-replaced`)
}

const journey = async (page: Page, request: APIRequestContext, testInfo: TestInfo, lang: "he" | "en") => {
  // a purchase and the area's every action: about 90 s on a quiet machine, over 150 s on a busy one
  test.setTimeout(240_000)
  const project = testInfo.project.name as JourneyProject
  const locale = lang === "he" ? he : en
  const texts = locale.customerArea
  const name = `${lang}-${project}`
  const mobile = JOURNEY_AREA_MOBILES[project]
  const voucher = journeyAreaVoucher(project)
  const toCredit = project === "desktop"

  // signed in by phone, the customer buys two tickets: the order is theirs
  await signInByPhone(page, request, mobile, lang)
  const presentation = await journeyPresentation(request, "customer-area", testInfo)
  const steps = await holdBestAndContinue(page, presentation.id, 2, lang)
  await detailsToPay(page, steps, presentation.id)
  const bought = await payAndConfirm(page, request, presentation.id, 2)
  // the e-ticket opened once: this device's wallet keeps a copy (issue 17)
  const documentKey = bought.eDocumentUrl.split("/").pop() ?? ""
  await page.getByTestId("open-eticket").click()
  await expect(page.getByTestId("ticket-pass-qr")).toHaveCount(2)
  await expectPassesSwiped(page, project === "phone")
  await shot(page, `${name}-edocument-bought`)
  await expect.poll(() => walletHolds(page, documentKey)).toBe(true)

  // the area lists it among my tickets, active, both tickets valid
  await page.goto(`/customer?lang=${lang}`)
  const card = page
    .getByTestId("area-upcoming")
    .locator(`[data-reservation="${bought.reservationIdentifier}"]`)
  await expect(card).toBeVisible({ timeout: 30_000 })
  await expect(stateOf(card)).toHaveText(texts.reservation.states.active)
  await expect(card.locator('li[data-state="active"]')).toHaveCount(2)
  await shot(page, `${name}-bought`, true)

  // resent by SMS to the customer's number
  await card.getByTestId("resend-open").click()
  await card.getByTestId("resend-submit").click()
  await expect(card.getByTestId("resend-sent")).toHaveText(texts.resend.sent, { timeout: 30_000 })

  // one of the two cancelled, its charge shown first; its seat is for sale again at once
  const takenBefore = await takenSeats(request, presentation.id)
  await cancelOneTicket(page, card, texts, toCredit, name)
  await expect(stateOf(card)).toHaveText(texts.reservation.states.partlyCancelled)
  await expect(card.locator('li[data-state="cancelled"]')).toHaveCount(1)
  await expect(card.locator('li[data-state="active"]')).toHaveCount(1)
  expect(await takenSeats(request, presentation.id)).toBe(takenBefore - 1)
  if (toCredit) await expect(page.getByTestId("area-credit")).toBeVisible()

  await goToSection(page, texts, "vouchers")
  await replaceVoucher(page, voucher, texts, name)
  await signOutLeavesNothing(page, mobile, voucher, locale.customerSignIn.signedOut)

  // issue 17: signed out, the wallet opened with signal asks the server again: its copy has the ticket cancelled in
  // the area, the entry counts the one left, and the e-ticket shows the other cancelled (no code to show)
  await page.goto(`/wallet?lang=${lang}`)
  const entry = page.getByTestId("wallet-entry")
  await expect(entry).toContainText(locale.wallet.tickets.replace("{{n}}", "1"))
  expect(await savedTicketStates(page, documentKey)).toEqual(["active", "cancelled"])
  await entry.getByRole("link").click()
  const cancelled = page.locator('[data-testid="eticket-ticket"][data-state="cancelled"]')
  await expect(cancelled.getByTestId("eticket-state")).toHaveText(locale.edocument.state.cancelled)
  await expect(page.getByTestId("ticket-pass-qr")).toHaveCount(1)
}

const JOURNEYS = [
  ["Hebrew", "phone", "he", "to the card"],
  ["English", "desktop", "en", "to credit"],
] as const

for (const [language, project, lang, refund] of JOURNEYS)
  test(`${language}: sign in by phone, buy, find the tickets, resend, cancel one ${refund}, a replacement voucher, sign out`, async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== project, "each project's journey has a customer of its own")
    await journey(page, request, testInfo, lang)
  })

const DEMO_EMAIL = "demo.member@marquee.example"
const DEMO_PASSWORD = "marquee-demo-2026"

for (const lang of ["he", "en"] as const)
  test(`every screen of the demo customer's area (${lang})`, async ({ page }, testInfo) => {
    test.skip(!screenshotsWanted, "pictures only: npm run screenshots")
    test.setTimeout(120_000)
    const texts = (lang === "he" ? he : en).customerArea
    const name = `${lang}-${testInfo.project.name}`
    await page.goto(`/customer?lang=${lang}`)
    await expect(page.getByTestId("sign-in-form")).toBeVisible({ timeout: 30_000 })
    await shot(page, `${name}-sign-in`, true)
    await page.getByTestId("sign-in-method-email").check()
    await page.getByTestId("sign-in-email").fill(DEMO_EMAIL)
    await page.getByTestId("sign-in-password").fill(DEMO_PASSWORD)
    await page.getByTestId("sign-in-submit").click()
    const upcoming = page.getByTestId("area-upcoming")
    await expect(upcoming.getByTestId("reservation").first()).toBeVisible({ timeout: 30_000 })
    await expect(stateOf(page.getByTestId("area-past").locator(inState("scanned")))).toHaveText(
      texts.reservation.states.scanned,
    )
    await shot(page, `${name}-area`, true)
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, `${name}-top`)
    for (const section of ["upcoming", "past", "memberships", "vod", "profile"])
      await shot(page.getByTestId(`area-${section}`), `${name}-${section}`)
    for (const reference of [
      "AREA-D-FULL",
      "AREA-D-PART",
      "AREA-D-REPL",
      "AREA-D-TICKETS",
      "AREA-D-EXPIRED",
    ]) {
      const voucher = page.locator(`[data-voucher="${reference}"]`)
      await voucher.getByTestId("voucher-history-toggle").click()
      await shot(voucher, `${name}-voucher-${reference}`)
    }

    // the dialogs, each up to its confirm button and left without changing anything
    const active = upcoming.locator(inState("active")).first()
    await active.getByTestId("cancel-reservation").click()
    const dialog = page.getByTestId("cancel-dialog")
    await expect(dialog.getByTestId("cancel-charge")).toContainText(/\d/)
    await shot(page, `${name}-cancel-quote`)
    await dialog.getByRole("button", { name: texts.cancel.keep }).click()
    const boxOffice = upcoming.locator(inState("partlyCancelled")).first()
    await boxOffice.getByTestId("cancel-reservation").click()
    await expect(dialog.getByTestId("cancel-problem")).toHaveText(texts.cancel.errors.BALANCE_IS_DUE)
    await shot(page, `${name}-cancel-balance-due`)
    await dialog.getByRole("button", { name: texts.cancel.keep }).click()
    await page.locator('[data-voucher="AREA-D-FULL"]').getByTestId("voucher-replace").click()
    await shot(page, `${name}-voucher-replace-confirm`)
    await page.getByTestId("voucher-dialog").getByRole("button", { name: texts.voucher.keep }).click()
    await active.getByTestId("resend-open").click()
    await shot(active, `${name}-resend`)
    await page.getByTestId("mobile-change").click()
    await page.getByTestId("mobile-form").getByRole("textbox").first().fill("12345")
    await page.getByTestId("mobile-form").getByRole("button", { name: texts.profile.sendCode }).click()
    await expect(page.getByTestId("mobile-problem")).toHaveText(texts.profile.errors.invalid_mobileNumber)
    await shot(page.getByTestId("area-profile"), `${name}-mobile-change`)
    await active.getByTestId("open-edocument").first().click()
    await expect(page.getByTestId("edocument")).toBeVisible({ timeout: 30_000 })
    await shot(page, `${name}-edocument`, true)
    await page.goBack()
    await page.getByTestId("sign-out").click()
    await shot(page, `${name}-sign-out-confirm`)
  })

test("a membership near its end is renewed from the area: the shop opens on that member, in view and focused", async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== "desktop",
    "one viewport is enough: the link and the anchor are the same",
  )
  await page.goto("/customer?lang=en")
  await page.getByTestId("sign-in-method-email").check()
  await page.getByTestId("sign-in-email").fill(DEMO_EMAIL)
  await page.getByTestId("sign-in-password").fill(DEMO_PASSWORD)
  await page.getByTestId("sign-in-submit").click()
  const renewing = page.getByTestId("area-memberships").getByTestId("membership-renewal")
  await expect(renewing).toBeVisible({ timeout: 30_000 })
  const memberNumber =
    (await renewing.locator("xpath=ancestor::article").locator(".area-code").textContent()) ?? ""
  await renewing.getByTestId("membership-renew").click()
  await expect(page).toHaveURL(new RegExp(`/memberships\\?.*#renew-${memberNumber}$`))
  // the member is further down than one screen (the catalogue comes first): brought into view, its price focused
  const member = page.locator(`[id="renew-${memberNumber}"]`)
  await expect(member).toBeInViewport()
  await expect(member.getByTestId("renewal-offered")).toBeVisible()
  await expect(member.getByTestId("topup-price").first()).toBeFocused()
})
