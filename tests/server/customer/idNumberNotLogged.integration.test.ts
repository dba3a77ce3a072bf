import { format } from "node:util"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { withCheckDigit } from "../../../src/domain/order/israeliId.ts"
import { DEMO_MEMBER_SSN } from "../../../src/server/db/seed/codes.ts"
import { addCustomer, call, withHumanCheck } from "../../_support/areaSignIn.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"

/**
 * Issue 15: ID numbers are "never written to logs". The server runs in this process, so everything it could log
 * (Effect's logger, console, the standard streams) is read here while every call that carries an ID number runs:
 * the three sign-in answers by ID number (known, unknown, malformed), the member lookups of the ticket step with
 * the right and a wrong ID number, and the eligibility check of a member price. Not one line may contain one of
 * them, in any spelling the request used. A log line added to any of these paths that prints a request's body,
 * headers or the parsed ID fails here. One database: what is logged does not depend on it.
 */
const [embedded] = bothDatabases("idlogs")

const spoken: Array<string> = []
const restores: Array<() => void> = []

/** Everything written from now on through console or the standard streams, kept in `spoken` as well. */
const listen = () => {
  for (const method of ["log", "info", "warn", "error", "debug", "trace"] as const) {
    const original = console[method]
    console[method] = (...args: Array<unknown>) => {
      spoken.push(format(...args))
      original.apply(console, args)
    }
    restores.push(() => {
      console[method] = original
    })
  }
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream)
    stream.write = ((chunk: string | Uint8Array, ...rest: Array<never>) => {
      spoken.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"))
      return original(chunk, ...rest)
    }) as typeof stream.write
    restores.push(() => {
      stream.write = original
    })
  }
}

describe.each(embedded ? [embedded] : [])("ID numbers and the logs on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  beforeEach(() => {
    spoken.length = 0
    listen()
  })
  afterEach(() => {
    for (const restore of restores.splice(0)) restore()
  })

  it("no call that carries an ID number writes it anywhere", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const known = withCheckDigit(String(72_000_000 + (process.pid % 1000)))
    const unknown = withCheckDigit(String(73_000_000 + (process.pid % 1000)))
    const wrongMember = withCheckDigit("50000009")
    await addCustomer(server, { ssn: known })

    expect((await withHumanCheck(server, "/customer-area/id-login?lang=he", { ssn: known })).status).toBe(200)
    expect((await withHumanCheck(server, "/customer-area/id-login?lang=he", { ssn: unknown })).status).toBe(
      200,
    )
    const malformed = await withHumanCheck(server, "/customer-area/id-login", { ssn: "123456789" })
    expect(malformed.body).toMatchObject({ error: "invalid_ssn" })

    const showing = await server.query<{ id: number }>(
      `SELECT id FROM presentations WHERE starts_at > marquee_now() ORDER BY starts_at, id LIMIT 1`,
    )
    const presentationId = showing[0]?.id as number
    const cart = await newCart(server.baseUrl)
    const headers = (ssn: string) => ({ "x-cart-token": cart, "x-member-ssn": ssn })
    for (const ssn of [DEMO_MEMBER_SSN, wrongMember]) {
      const member = await call(
        server,
        "GET",
        `/presentations/${presentationId}/loyaltyMember?memberNumber=90000001&lang=en`,
        undefined,
        { headers: headers(ssn) },
      )
      expect(member.status).toBeLessThan(500)
      const eligibility = await call(
        server,
        "GET",
        `/presentations/${presentationId}/ticketEligibility?ticketId=1&memberNumber=90000001`,
        undefined,
        { headers: headers(ssn) },
      )
      expect(eligibility.status).toBeLessThan(500)
    }

    const written = spoken.join("\n")
    for (const ssn of [known, unknown, "123456789", DEMO_MEMBER_SSN, wrongMember]) {
      expect(written).not.toContain(ssn)
      // and not without its leading zeros or check digit, as a number or a prefix would print it
      expect(written).not.toContain(ssn.replace(/^0+/, "").slice(0, 8))
    }
  }, 60_000)
})
