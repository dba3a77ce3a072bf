import type { APIRequestContext } from "@playwright/test"
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
