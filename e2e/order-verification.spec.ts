import type { APIRequestContext } from "@playwright/test"
import he from "../locales/he.json" with { type: "json" }
import { SHORT_HOLD_PORT } from "../playwright.config.ts"
import { buyer } from "./buyers.ts"
import { expect, test } from "./fixtures.ts"
import { holdBestAndContinue, payAndConfirm, shot, toCustomerStep } from "./order-journeys.ts"
import { fill } from "./pages/order-steps-page.ts"
import { journeyPresentation } from "./presentations.ts"

/**
 * Contact verification (issue 13, defect 2), on the server with non-default settings (MOBILE_VERIFICATION and
 * EMAIL_VERIFICATION on): the customer step will not go on until the buyer has verified the mobile number with
 * the code sent by SMS and the e-mail address with the code sent by e-mail (read from the sandbox inbox, as a
 * demo user would); a wrong code is refused; then the order is paid as any other.
 */
test.use({ baseURL: `http://127.0.0.1:${SHORT_HOLD_PORT}` })

const verify = he.orderSteps.customer.verify

/** The code in the newest message the sandbox delivered to `recipient` (6 digits in its body). */
const codeFor = async (request: APIRequestContext, recipient: string): Promise<string> => {
  let code = ""
  await expect
    .poll(
      async () => {
        const inbox = await (await request.get(`/sandbox/inbox/${encodeURIComponent(recipient)}`)).text()
        const newest = /<li[^>]*>([\s\S]*?)<\/li>/.exec(inbox)?.[1] ?? ""
        code = /(?<!\d)(\d{6})(?!\d)/.exec(newest.split("<br>").at(-1) ?? "")?.[1] ?? ""
        return code
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/)
  return code
}

test("Hebrew: the mobile number and e-mail address are verified with codes before the order goes on", async ({
  page,
  request,
}, testInfo) => {
  // a whole order and two messages through the outbox, on a loaded 2-core machine
  test.setTimeout(180_000)
  const project = testInfo.project.name
  // numbers and addresses of this run and project alone (3 codes per value in 10 minutes)
  const stamp = String(Date.now()).slice(-7)
  const mobile = `05${project === "phone" ? "8" : "9"}${stamp}`
  const email = `verify.${stamp}.${project}@example.com`

  const presentation = await journeyPresentation(request, "order-verification/he", testInfo)
  const steps = await holdBestAndContinue(page, presentation.id, 1, "he")
  await toCustomerStep(steps, presentation.id)

  // before the details are valid, no code can be asked for
  await expect(page.getByTestId("send-code-mobile")).toBeDisabled()
  await steps.fillCustomer({
    ...buyer("dana", "he"),
    email,
    emailConfirm: email,
    mobileNumber: `${mobile.slice(0, 3)}-${mobile.slice(3)}`,
    mobileConfirm: mobile,
  })
  await steps.acceptTerms()
  await shot(page, "verification-customer-he", project)

  // Continue without verifying: refused, with the reason beside each field and in the basket
  await steps.continue()
  await expect(steps.problem).toHaveText(verify.continueRefused)
  await expect(page.getByTestId("error-mobileNumber")).toHaveText(verify.unverifiedMobile)
  await expect(page.getByTestId("error-email")).toHaveText(verify.unverifiedEmail)
  // the first field in error takes the focus: the e-mail comes before the mobile number
  await expect(page.locator("#customer-email")).toBeFocused()
  await steps.expectStep(presentation.id, "customer")

  // the mobile number: a code by SMS, a wrong one refused, the right one verifies it
  await steps.sendVerificationCode("mobile")
  await expect(steps.verification("mobile")).toContainText(fill(verify.sentMobile, { value: mobile }))
  const smsCode = await codeFor(request, mobile)
  await steps.enterVerificationCode("mobile", smsCode === "000000" ? "111111" : "000000")
  await expect(steps.verificationMessage("mobile")).toHaveText(verify.invalidCode)
  await shot(page, "verification-wrong-code-he", project)
  await steps.enterVerificationCode("mobile", smsCode)
  await expect(steps.verified("mobile")).toHaveText(`✓ ${verify.verifiedMobile}`)
  await expect(page.getByTestId("error-mobileNumber")).toHaveCount(0)
  // another number needs its own code; the verified one typed back is still verified
  const other = `${mobile.slice(0, -1)}${mobile.endsWith("0") ? "1" : "0"}`
  await steps.field("mobileNumber").fill(other)
  await expect(page.getByTestId("send-code-mobile")).toBeEnabled()
  await expect(steps.verified("mobile")).toHaveCount(0)
  await steps.field("mobileNumber").fill(mobile)
  await expect(steps.verified("mobile")).toBeVisible()

  // the e-mail address: a code by e-mail
  await steps.sendVerificationCode("email")
  await expect(steps.verification("email")).toContainText(fill(verify.sentEmail, { value: email }))
  await steps.enterVerificationCode("email", await codeFor(request, email))
  await expect(steps.verified("email")).toHaveText(`✓ ${verify.verifiedEmail}`)
  await expect(steps.problem).toHaveCount(0)
  await shot(page, "verification-verified-he", project)

  await steps.continue()
  await payAndConfirm(page, request, presentation.id, 1)
})
