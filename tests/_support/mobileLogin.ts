import { solveHumanCheck } from "./humanCheck.ts"
import type { RunningServer } from "./testServer.ts"

/** Sign-in by mobile and SMS code through the real API (spec §7), as the tests drive it. */

const json = { "content-type": "application/json" }

/** `POST /customer/mobile-login`, human check included. */
export const askCode = async (
  server: RunningServer,
  mobileNumber: string,
  extra: Record<string, unknown> = {},
) =>
  fetch(`${server.baseUrl}/api/customer/mobile-login?lang=en`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ mobileNumber, recaptchaToken: await solveHumanCheck(server.baseUrl), ...extra }),
  })

/** The code as the SMS carries it: the outbox row the sender delivers. */
export const lastCode = async (server: RunningServer, mobile: string) =>
  (
    await server.query<{ code: string }>(
      `SELECT payload->>'code' AS code FROM outbox
       WHERE kind = 'sms' AND recipient = $1 AND payload->>'template' = 'loginCode' ORDER BY id DESC LIMIT 1`,
      [mobile],
    )
  )[0]?.code as string

/** `POST /customer/mobile-login-validation-area`. */
export const validate = (server: RunningServer, mobileNumber: string, smsCode: string) =>
  fetch(`${server.baseUrl}/api/customer/mobile-login-validation-area`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ mobileNumber, smsCode }),
  })

/** Any six digits other than `code`. */
export const wrongCode = (code: string, step = 1): string =>
  String((Number(code) + step) % 1_000_000).padStart(6, "0")

/**
 * As if `seconds` had passed since the last code asked for `mobile` (the resend back-off, SignInCodes.ts): the send's
 * own time moves back, the server's clock stays where the test pinned it.
 */
export const backOffPassed = async (server: RunningServer, mobile: string, seconds = 120) => {
  await server.query(
    `UPDATE customer_sign_in_sends SET last_sent_at = last_sent_at - make_interval(secs => $2)
     WHERE identifier = 'mobile:' || $1`,
    [mobile, seconds],
  )
}

/** As if the back-off's whole window had passed for `mobile`: for tests that sign in, not about the back-off. */
export const sendsForgotten = async (server: RunningServer, mobile: string) => {
  await server.query(`DELETE FROM customer_sign_in_sends WHERE identifier = 'mobile:' || $1`, [mobile])
}
