import type { Page } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { HOSTILE_IMAGE_MAP, XSS_PAYLOADS } from "../src/server/db/seed/imageMaps.ts"
import {
  JOURNEY_XSS_MOBILES,
  type JourneyProject,
  XSS_FIRST_NAME,
  XSS_LAST_NAME,
  XSS_REFERENCE,
} from "../src/server/db/seed/journeys.ts"
import { test as base, expect, onlyOn } from "./fixtures.ts"
import { signInBySms } from "./inbox.ts"
import { holdBestAndContinue, toCustomerStep } from "./order-journeys.ts"
import { StaffLivePage } from "./pages/staff-live-page.ts"
import { journeyPresentation } from "./presentations.ts"

/**
 * Stored XSS (issue 20, docs/security.md): payloads stored through the seed or the real API — in a presentation's
 * image map, a customer's and a partner's names, a ticket reference and a marketing form's fields — are viewed
 * where the app shows them (the shop's seat and customer steps, the customer area, the staff app's references, the
 * venue's inbox) and never run. Every payload sets `window.__xss`: the trap reports any write to it, from any page
 * of the journey, and any dialog; the fixtures' check adds that the Content-Security-Policy refused nothing, so a
 * payload cannot hide behind the policy either. Each screen also shows the payload's text as text.
 */
const test = base.extend<{ ran: Array<string> }>({
  ran: [
    async ({ page }, use) => {
      const ran: Array<string> = []
      await page.exposeFunction("__xssRan", (what: string) => {
        ran.push(what)
      })
      await page.addInitScript(() => {
        const report = (what: string) =>
          (window as unknown as { __xssRan: (w: string) => void }).__xssRan(what)
        Object.defineProperty(window, "__xss", {
          set: (what: string) => report(String(what)),
          get: () => undefined,
        })
      })
      page.on("dialog", (dialog) => {
        ran.push(`dialog: ${dialog.message()}`)
        void dialog.dismiss()
      })
      await use(ran)
      expect(ran, "a stored payload ran").toEqual([])
    },
    { auto: true },
  ],
})

/**
 * Chromium checks the Content-Security-Policy even while DOMPurify parses the stored map in its inert document
 * (nothing there can run), and reports the handlers, `<base>` and `<style>` it would refuse: on the seat page,
 * where the map is sanitized, those refusals are expected. The page's own DOM is checked below to hold none of
 * them; any other refusal, on any page, still fails the journey.
 */
test.use({
  cspRefusalsExpected:
    /^(?:script-src-attr refused inline|style-src-elem refused inline|base-uri refused https:\/\/evil\.example\/) on \/order\/\d+\/seats$/,
})

const STRIPPED =
  "script, svg, math, style, noscript, base, form, button, a, iframe, [onerror], [onload], [onmouseover]"

/** Every image on the page has loaded or failed: an `onerror` or `onload` left in would have run by now. */
const imagesSettled = (page: Page) =>
  expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete))).toBe(true)

for (const { name, lang, texts } of [
  { name: "English", lang: "en", texts: en },
  { name: "Hebrew", lang: "he", texts: he },
] as const)
  test(`${name}: a hostile image map is shown only as the sanitizer leaves it`, async ({
    page,
    request,
    ran,
  }, testInfo) => {
    const presentation = await journeyPresentation(request, "xss", testInfo)
    expect(presentation.imageMapHtml, "the API serves the map as stored").toBe(HOSTILE_IMAGE_MAP)
    await page.goto(`/order/${presentation.id}/seats?lang=${lang}`)
    const map = page.getByTestId("hall-map")
    await expect(map.getByText(texts.order.hallMap)).toBeVisible()
    // the map itself is kept: its picture and both areas, without their javascript: and data: links or handlers
    await expect(map.getByRole("img", { name: "Hostile hall" })).toHaveAttribute("usemap", "#hostile")
    const areas = map.locator("area")
    await expect(areas).toHaveCount(2)
    for (const area of await areas.all()) await expect(area).not.toHaveAttribute("href", /.*/)
    await expect(map.locator(STRIPPED)).toHaveCount(0)
    await expect(page.locator("base")).toHaveCount(0)
    await expect(map).toContainText("javascript link")
    await expect(map).toContainText("send")
    await imagesSettled(page)
    expect(ran).toEqual([])
  })

test("English: a customer and a buyer named with payloads see the names as text", async ({
  page,
  request,
  ran,
}, testInfo) => {
  onlyOn(testInfo, "desktop")
  const mobile = JOURNEY_XSS_MOBILES[testInfo.project.name as JourneyProject]
  await page.goto("/customer?lang=en")
  await signInBySms(page, request, mobile)
  await expect(page.getByTestId("customer-area")).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("signed-in-name")).toContainText(`${XSS_FIRST_NAME} ${XSS_LAST_NAME}`)
  await expect(page.getByTestId("customer-area").locator("svg[onload], img[onerror]")).toHaveCount(0)
  await imagesSettled(page)

  // the shop's customer step: the payloads typed as the buyer's name stay values of their fields
  const presentation = await journeyPresentation(request, "xss", testInfo)
  const steps = await holdBestAndContinue(page, presentation.id, 1, "en")
  await toCustomerStep(steps, presentation.id)
  await steps.fillCustomer({ firstName: XSS_FIRST_NAME, lastName: XSS_PAYLOADS[6] })
  await expect(steps.field("lastName")).toHaveValue(XSS_PAYLOADS[6])
  await expect(page.locator("svg[onload], img[onerror], noscript p")).toHaveCount(0)
  await imagesSettled(page)
  expect(ran).toEqual([])
})

test("English: staff read a partner named with payloads and its reference as text", async ({
  page,
  ran,
}, testInfo) => {
  onlyOn(testInfo, "desktop")
  const live = new StaffLivePage(page)
  await live.open("en")
  await live.signIn(en.staff.signIn, "admin", "marquee-demo")
  await expect(live.heading).toHaveText(en.staff.attendance.title)
  await page
    .getByRole("navigation", { name: en.staffReports.menu.label })
    .getByRole("link", { name: en.staffReports.menu.references })
    .click()
  await expect(live.heading).toHaveText(en.staffRefs.title)
  const row = page.getByRole("row").filter({ hasText: XSS_REFERENCE })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`${XSS_FIRST_NAME} ${XSS_LAST_NAME}`)
  await expect(row.locator("script, svg, img, [onerror], [onload]")).toHaveCount(0)
  await imagesSettled(page)
  expect(ran).toEqual([])
})

test("English: a marketing form's fields full of payloads reach the venue's inbox as text", async ({
  page,
  request,
  ran,
}, testInfo) => {
  onlyOn(testInfo, "desktop")
  const t = en.forms
  const field = (name: keyof typeof t.fields) => page.getByLabel(t.fields[name], { exact: false }).first()
  await page.goto("/forms/contact?lang=en")
  // names take letters only (the form names the field otherwise): the payloads go where free text is allowed
  await field("firstName").fill("Mallory")
  await field("lastName").fill("Payload")
  await field("email").fill("xss.forms@example.com")
  await field("mobileNumber").fill("052-1234661")
  await field("subject").fill(XSS_PAYLOADS[6])
  await field("message").fill(XSS_PAYLOADS.join("\n"))
  await field("howHeard").selectOption("friend")
  await page.getByTestId("form-send").click()
  const sent = page.getByTestId("form-sent")
  await expect(sent).toBeVisible()
  const reference = /F\d+/.exec((await sent.textContent()) ?? "")?.[0] ?? ""
  expect(reference).not.toBe("")

  // the outbox delivers within seconds: the venue opens its inbox once the message is there
  const inbox = `/sandbox/inbox/${encodeURIComponent("venue-office@marquee.example")}`
  await expect
    .poll(async () => (await (await request.get(inbox)).text()).includes(reference), { timeout: 20_000 })
    .toBe(true)
  await page.goto(inbox)
  const message = page.getByRole("listitem").filter({ hasText: reference })
  await expect(message).toContainText(XSS_PAYLOADS[6])
  await expect(message).toContainText(XSS_PAYLOADS[1])
  await expect(message.locator(STRIPPED)).toHaveCount(0)
  await imagesSettled(page)
  expect(ran).toEqual([])
})
