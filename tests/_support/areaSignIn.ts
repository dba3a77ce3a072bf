import { request } from "node:http"
import { hash } from "@node-rs/argon2"
import { protectSsn, ssnKeys } from "../../src/server/customer/ssnProtection.ts"
import { solveHumanCheck } from "./humanCheck.ts"
import type { RunningServer } from "./testServer.ts"

/** The customer area's sign-ins through the real API (src/api/CustomerSignInApi.ts), as the tests drive them. */

export interface Answer {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Record<string, unknown>
}

/**
 * A JSON call from a chosen loopback address (127.0.0.0/8 all reaches the server on 127.0.0.1), so a test can be
 * many clients: the server's per-client limits read the connection's remote address.
 */
export const call = (
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  options: { readonly headers?: Record<string, string>; readonly from?: string } = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const url = new URL(`/api${path}`, server.baseUrl)
    const text = body === undefined ? undefined : JSON.stringify(body)
    const req = request(
      url,
      {
        method,
        localAddress: options.from ?? "127.0.0.1",
        headers: {
          ...(text === undefined ? {} : { "content-type": "application/json" }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8")
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: raw === "" ? {} : (JSON.parse(raw) as Record<string, unknown>),
          })
        })
      },
    )
    req.on("error", reject)
    if (text !== undefined) req.write(text)
    req.end()
  })

/** A call with a freshly solved human check in its body. */
export const withHumanCheck = async (server: RunningServer, path: string, body: Record<string, unknown>) =>
  call(server, "POST", path, { ...body, recaptchaToken: await solveHumanCheck(server.baseUrl) })

/** The latest sign-in code the outbox holds for this number. */
export const codeSentTo = async (server: RunningServer, mobile: string) =>
  (
    await server.query<{ code: string }>(
      `SELECT payload->>'code' AS code FROM outbox
       WHERE kind = 'sms' AND recipient = $1 AND payload->>'template' = 'loginCode' ORDER BY id DESC LIMIT 1`,
      [mobile],
    )
  )[0]?.code

export const validateCode = (server: RunningServer, challenge: string, smsCode: string, from?: string) =>
  call(
    server,
    "POST",
    "/customer-area/mobile-login-validation",
    { smsCode },
    { headers: { "x-sign-in-challenge": challenge }, ...(from === undefined ? {} : { from }) },
  )

export interface TestCustomer {
  readonly id: number
  readonly mobile: string
  readonly email: string
  readonly ssn: string | null
}

let serial = 0

/** A customer of the test's own: a fresh mobile number and e-mail, an ID number and a password when given. */
export const addCustomer = async (
  server: RunningServer,
  options: { readonly ssn?: string; readonly password?: string; readonly firstName?: string } = {},
): Promise<TestCustomer> => {
  serial += 1
  const mobile = `0547${String(process.pid % 100).padStart(2, "0")}${String(serial).padStart(4, "0")}`
  const email = `signin.${process.pid}.${serial}.${Date.now() % 100_000}@example.test`
  const ssn = options.ssn === undefined ? null : protectSsn(await server.run(ssnKeys), options.ssn)
  const passwordHash = options.password === undefined ? null : await hash(options.password)
  const rows = await server.query<{ id: number }>(
    `INSERT INTO customers (first_name, last_name, mobile, email, ssn_hash, ssn_sealed, password_hash, created_at)
     VALUES ($1, 'Tester', $2, $3, $4, $5, $6, marquee_now()) RETURNING id`,
    [options.firstName ?? "Noa", mobile, email, ssn?.ssn_hash ?? null, ssn?.ssn_sealed ?? null, passwordHash],
  )
  return { id: rows[0]?.id as number, mobile, email, ssn: options.ssn ?? null }
}
