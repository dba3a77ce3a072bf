import type { APIRequestContext, Page } from "@playwright/test"
import { expect } from "./fixtures.ts"

/** The code in the newest sign-in message the sandbox delivered to `recipient` (its `/sandbox/inbox` page). */
export const inboxCode = async (request: APIRequestContext, recipient: string): Promise<string> => {
  let code = ""
  await expect
    .poll(
      async () => {
        const inbox = await (await request.get(`/sandbox/inbox/${encodeURIComponent(recipient)}`)).text()
        const messages = [...inbox.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? "")
        code = /(?<!\d)(\d{6})(?!\d)/.exec(messages[0]?.split("<br>").at(-1) ?? "")?.[1] ?? ""
        return code
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/)
  return code
}

/**
 * Signs in on the SMS sign-in form the page shows (the customer area, the VOD and enrolment steps): the mobile
 * number, then the code the sandbox delivered to it.
 */
export const signInBySms = async (page: Page, request: APIRequestContext, mobile: string): Promise<void> => {
  await page.getByTestId("sign-in-mobile").fill(mobile)
  await page.getByTestId("sign-in-submit").click()
  await expect(page.getByTestId("sign-in-code-step")).toBeVisible({ timeout: 30_000 })
  await page.getByTestId("sign-in-code").fill(await inboxCode(request, mobile))
  await page.getByTestId("sign-in-submit").click()
}
