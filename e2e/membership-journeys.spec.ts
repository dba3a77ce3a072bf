import { mkdirSync } from "node:fs"
import type { Page, TestInfo } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { MembershipSeatplan } from "../src/api/MembershipsApi.ts"
import { buyer } from "./buyers.ts"
import { test as base, expect } from "./fixtures.ts"
import { OrderStepsPage } from "./pages/order-steps-page.ts"
import { PayPage } from "./pages/pay-page.ts"

/**
 * A membership with its season seat (issue 16), end to end on the pinned clock: chooseMemberships (a price code
 * that is not found, then the one already chosen), the seat on the seat map, the buyer's details with the required
 * ID number, payment, and the confirmation with the member number, read back from the API together with the seat.
 * The phone runs in Hebrew, the desktop in English; each takes a seat from another end of the hall so the two can
 * run side by side. Pictures go to /tmp/shots-memberships when SCREENSHOTS is set.
 */

const SHOTS = "/tmp/shots-memberships"
const shotsWanted = process.env.SCREENSHOTS !== undefined
if (shotsWanted) mkdirSync(SHOTS, { recursive: true })

const texts = { he, en } as const
type Lang = keyof typeof texts

/** The demo's membership with a season seat (src/server/db/seed/seasonMembership.ts). */
const SEASON = { membershipId: 4, priceCode: "SEASON4", price: 48_000 }

const test = base.extend<{ pay: PayPage }>({
  pay: async ({ page }, use) => {
    await use(new PayPage(page))
  },
})

const shot = async (page: Page, name: string, testInfo: TestInfo) => {
  if (shotsWanted)
    await page.screenshot({
      path: `${SHOTS}/${name}-${testInfo.title.slice(0, 2)}-${testInfo.project.name}.png`,
      fullPage: true,
    })
}

const buyMembership = async (
  page: Page,
  pay: PayPage,
  lang: Lang,
  end: "first" | "last",
  testInfo: TestInfo,
) => {
  const t = texts[lang]
  await page.goto(`/memberships${lang === "he" ? "" : `?lang=${lang}`}`)
  // the first screen of a fresh browser: the app and its catalogue load on a busy machine
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.memberships.choose.title, {
    timeout: 30_000,
  })
  await page.getByTestId("continue").click()
  await expect(page.getByTestId("shop-problem")).toHaveText(t.shop.noneSelected.memberships)
  // a price code nobody issued, then the season's own: chosen; typed again, it was already entered. Each Enter
  // once Apply is enabled (the cart opened, the last choice written), as a buyer sees it can be applied
  const code = page.getByTestId("membership-code")
  const apply = page
    .getByTestId("membership-codes")
    .getByRole("button", { name: t.memberships.choose.apply, exact: true })
  const enter = async (typed: string) => {
    await code.fill(typed)
    await expect(apply).toBeEnabled({ timeout: 30_000 })
    await code.press("Enter")
  }
  await enter("NO-SUCH-PRICE")
  await expect(page.getByTestId("membership-code-problem")).toHaveText(
    t.memberships.errors.membershipPriceNotFound,
  )
  await enter(SEASON.priceCode)
  await expect(page.getByTestId("shop-total")).toContainText("480")
  await enter(SEASON.priceCode.toLowerCase())
  await expect(page.getByTestId("membership-code-problem")).toHaveText(
    t.memberships.errors.membershipCodeAlreadyEntered,
  )
  await shot(page, "memberships-choose", testInfo)
  await page.getByTestId("continue").click()

  await expect(page).toHaveURL(/\/memberships\/seats/)
  // the seats can be picked once the server said which are free in every showing (after the human check)
  await expect(page.locator("fieldset.membership-seat-fieldset")).toBeEnabled({ timeout: 60_000 })
  await page.getByTestId("continue").click()
  await expect(page.getByTestId("shop-problem")).toHaveText(t.memberships.errors.membershipSeatRequired)
  const free = page.locator("[data-testid='seat'][data-state='free']")
  const seat = end === "first" ? free.first() : free.last()
  const place = (await seat.getAttribute("data-place")) ?? ""
  await seat.click()
  const mine = page.locator(`[data-testid='seat'][data-place='${place}']`)
  await expect(mine).toHaveAttribute("data-state", "mine")
  await expect(page.getByTestId("membership-seat")).toBeVisible()
  await shot(page, "memberships-seats", testInfo)
  await page.getByTestId("continue").click()

  await expect(page).toHaveURL(/\/shop\/memberships\/customer/)
  const steps = new OrderStepsPage(page, lang)
  await steps.fillCustomer({ ...buyer("dana", lang), ssn: "000000018" })
  await shot(page, "memberships-customer", testInfo)
  await steps.continue()
  await expect(page).toHaveURL(/\/shop\/memberships\/pay/)
  await shot(page, "memberships-pay", testInfo)
  await pay.payByCard()
  return place
}

test.describe("memberships", () => {
  for (const lang of ["he", "en"] as const)
    test(`${lang === "he" ? "Hebrew" : "English"}: a season membership with its seat, bought and read back`, async ({
      page,
      pay,
      request,
    }, testInfo) => {
      // a whole order through a seat map, with a human check on a busy machine
      test.slow()
      const place = await buyMembership(page, pay, lang, lang === "he" ? "first" : "last", testInfo)
      const confirmation = await pay.confirmationOf(request)
      expect(confirmation).toMatchObject({
        orderKind: "memberships",
        presentation: null,
        total: SEASON.price,
      })
      const line = confirmation.items?.[0]
      expect(line).toMatchObject({ kind: "membership", quantity: 1, total: SEASON.price })
      const memberNumber = line?.issued[0] ?? ""
      expect(memberNumber).toMatch(/^\d{12}$/)
      await expect(page.getByTestId("confirmation")).toContainText(memberNumber)
      // a membership issues a member number, not codes; there is no code to show at an entrance
      await expect(page.getByTestId("order-item")).toContainText(
        texts[lang].payment.confirmation.issuedMember,
      )
      await expect(page.getByTestId("order-qr")).toHaveCount(0)
      await shot(page, "memberships-confirmation", testInfo)
      // the seat is sold in every showing of the series: no longer free to anyone
      const answer = await request.get("/api/membership/seatplan", {
        params: { membershipId: SEASON.membershipId },
      })
      expect(answer.ok()).toBe(true)
      const plan = (await answer.json()) as MembershipSeatplan
      const [VenueSectionId, x, y] = place.split(":").map(Number)
      expect(
        plan.seats.find(
          (s) => s.VenueSectionId === VenueSectionId && s.XCoordinate === x && s.YCoordinate === y,
        ),
      ).toMatchObject({ isAvailable: false })
    })
})
