import { request as httpRequest } from "node:http"
import { describe, expect, it } from "vitest"
import { renderOutboxMessage } from "../../../src/server/notifications/templates.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"

/**
 * The marketing forms (issue 19) through the real API: a valid form is stored and queued for the venue's inbox in
 * one go; a refused one names its fields and leaves nothing behind; a client sending many is stopped with a
 * Retry-After; what a person types is kept as text, never markup.
 */
const databases = bothDatabases("marketingforms")

const birthday = {
  firstName: "Dana",
  lastName: "Levi",
  email: "dana@example.com",
  mobileNumber: "050-1234567",
  date: "2026-12-10",
  childAge: "7",
  guestCount: "20",
  notes: '<img src=x onerror="alert(1)"> and a second line\nhere',
}

describe.each(databases)("marketing forms on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  /** A form sent from `from` (a loopback address: each is another client to the server's limits). */
  const send = (kind: string, values: Record<string, string>, from = "127.0.0.1") =>
    new Promise<{ status: number; headers: Record<string, unknown>; json: () => Promise<unknown> }>(
      (resolve, reject) => {
        const { hostname, port } = new URL(live().baseUrl)
        const body = JSON.stringify({ values, lang: "en" })
        const request = httpRequest(
          {
            host: hostname,
            port,
            path: `/api/forms/${kind}`,
            method: "POST",
            localAddress: from,
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (response) => {
            const chunks: Array<Buffer> = []
            response.on("data", (chunk: Buffer) => chunks.push(chunk))
            response.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8")
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                json: async () => JSON.parse(text),
              })
            })
          },
        )
        request.on("error", reject)
        request.end(body)
      },
    )

  const counts = async () => {
    const [forms] = await live().query<{ n: number }>(`SELECT count(*)::int AS n FROM marketing_forms`)
    const [mails] = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE payload->>'template' = 'marketingForm'`,
    )
    return { forms: forms?.n, mails: mails?.n }
  }

  it("stores a birthday request and queues it for the chosen cinema's inbox, markup kept as text", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const [cinema] = await live().query<{ id: number; name: string }>(
      `SELECT id, name->>'he' AS name FROM locations WHERE NOT is_head_office ORDER BY id LIMIT 1`,
    )
    const response = await send("birthday", { ...birthday, locationId: String(cinema?.id) })
    expect(response.status).toBe(200)
    const { reference } = (await response.json()) as { reference: string }
    expect(reference).toMatch(/^F\d+$/)

    const [stored] = await live().query<{
      kind: string
      location_id: number
      fields: Record<string, string>
    }>(`SELECT kind, location_id, fields FROM marketing_forms WHERE id = $1`, [Number(reference.slice(1))])
    expect(stored).toMatchObject({ kind: "birthday", location_id: cinema?.id })
    expect(stored?.fields.notes).toBe(birthday.notes)
    expect(stored?.fields.mobileNumber).toBe("0501234567")

    const [mail] = await live().query<{ kind: string; recipient: string; payload: unknown }>(
      `SELECT kind, recipient, payload FROM outbox WHERE payload->>'reference' = $1`,
      [reference],
    )
    expect(mail).toMatchObject({ kind: "email", recipient: `venue-${cinema?.id}@marquee.example` })
    const rendered = renderOutboxMessage("email", mail?.recipient ?? "", mail?.payload, "http://localhost")
    if (rendered._tag !== "Success") throw new Error(rendered.failure)
    expect(rendered.success.subject).toContain(reference)
    // the venue reads Hebrew labels, the cinema by name, the guest count as typed, the markup untouched
    expect(rendered.success.body).toContain(`קולנוע: ${cinema?.name}`)
    expect(rendered.success.body).toContain("מספר אורחים: 20")
    expect(rendered.success.body).toContain(birthday.notes)
    expect(rendered.success.body).toContain("English")
  })

  it("refuses a broken form with each field's rule, and keeps nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const before = await counts()
    const response = await send(
      "birthday",
      { ...birthday, email: "nope", guestCount: "2", locationId: "999999" },
      "127.0.0.21",
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: "formInvalid",
      fields: {
        email: { rule: "email" },
        guestCount: { rule: "atLeast", min: 5 },
        locationId: { rule: "notValid" },
      },
    })
    const unknownKind = await send("newsletter", birthday, "127.0.0.21")
    expect(unknownKind.status).toBe(400)
    const controlCharacter = await send("contact", { ...birthday, subject: "hi\u0000" }, "127.0.0.21")
    expect(controlCharacter.status).toBe(400)
    expect(await counts()).toEqual(before)
  })

  it("a contact message without a cinema goes to the office; the eleventh form in an hour is refused with Retry-After", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const contact = {
      firstName: "Omer",
      lastName: "Katz",
      email: "omer@example.com",
      subject: "Parking",
      message: "Is there parking?",
    }
    const client = "127.0.0.22"
    const statuses: Array<number> = []
    for (let i = 0; i < 10; i++) statuses.push((await send("contact", contact, client)).status)
    expect(statuses).toEqual(Array(10).fill(200))
    const before = await counts()
    const refused = await send("contact", contact, client)
    expect(refused.status).toBe(429)
    expect(refused.headers["retry-after"]).toBe("3600")
    expect(await refused.json()).toMatchObject({ error: "formsLimited", retryAfterSeconds: 3600 })
    expect(await counts()).toEqual(before)
    // another client is not stopped by this one
    expect((await send("contact", contact, "127.0.0.23")).status).toBe(200)
    const [office] = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE recipient = 'venue-office@marquee.example'`,
    )
    expect(office?.n).toBeGreaterThanOrEqual(11)
  })
})
