import { ConfigProvider, Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { OutboxJob } from "../../../src/server/app.ts"
import { MAX_ATTEMPTS, OutboxSender } from "../../../src/server/notifications/OutboxSender.ts"
import { MessageNotSent, Messenger } from "../../../src/server/providers/messaging/Messenger.ts"
import { sandboxMessengerLayer } from "../../../src/server/providers/messaging/sandboxMessenger.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { solveHumanCheck } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { paidOrder } from "../payment/_payment.ts"

/**
 * The outbox sender on both databases: a paid order's SMS and e-mail go out once, in the language the buyer
 * paid in, with the e-ticket link; concurrent passes never send a row twice; failures are counted and retried.
 * The servers run without their own sending job so each test decides when a pass runs: a setting of these
 * servers (`env`), not of the worker process, which Vitest shares between test files.
 */
const databases = bothDatabases("outbox", { env: { OUTBOX_SENDER: "false" } })

const failingMessenger = Layer.succeed(Messenger, {
  send: () => Effect.fail(new MessageNotSent({ reason: "unavailable", detail: "provider down" })),
})

/** One pass of a fresh sender (as another process would have), over the server's database. */
const pass = (server: RunningServer, messenger = sandboxMessengerLayer) =>
  server.run(
    Effect.gen(function* () {
      const sender = yield* OutboxSender
      return yield* sender.runOnce
    }).pipe(Effect.provide(OutboxSender.layer.pipe(Layer.provide(messenger)))),
  )

/** Passes until nothing is left to send. */
const drain = async (server: RunningServer) => {
  for (let i = 0; i < 20; i++) if ((await pass(server)).sent === 0) return
  throw new Error("the outbox did not drain")
}

interface Delivered {
  readonly channel: string
  readonly recipient: string
  readonly subject: string | null
  readonly body: string
}

/** What the sandbox messenger delivered for an order, through the outbox rows it came from. */
const delivered = (server: RunningServer, identifier: string) =>
  server.query<Delivered>(
    `SELECT m.channel, m.recipient, m.subject, m.body FROM sandbox_messages m
     JOIN outbox o ON m.reference = 'outbox:' || o.id
     JOIN reservations r ON r.id = o.reservation_id
     WHERE r.identifier = $1 ORDER BY m.id`,
    [identifier],
  )

const outboxRows = (server: RunningServer, identifier: string) =>
  server.query<{ kind: string; sent: boolean; attempts: number; lastError: string | null }>(
    `SELECT o.kind, o.sent_at IS NOT NULL AS sent, o.attempts, o.last_error AS "lastError"
     FROM outbox o JOIN reservations r ON r.id = o.reservation_id WHERE r.identifier = $1 ORDER BY o.id`,
    [identifier],
  )

/** A row written straight into the outbox (no order), for the cases HTTP cannot arrange. */
const insertRow = async (
  server: RunningServer,
  kind: "sms" | "email",
  recipient: string,
  payload: object,
  attempts = 0,
) =>
  (
    await server.query<{ id: string }>(
      `INSERT INTO outbox (kind, recipient, payload, attempts) VALUES ($1, $2, $3::jsonb, $4) RETURNING id::text AS id`,
      [kind, recipient, JSON.stringify(payload), attempts],
    )
  )[0]?.id as string

const rowState = async (server: RunningServer, id: string) =>
  (
    await server.query<{ sent: boolean; attempts: number; lastError: string | null; messages: number }>(
      `SELECT o.sent_at IS NOT NULL AS sent, o.attempts, o.last_error AS "lastError",
         (SELECT count(*)::int FROM sandbox_messages m WHERE m.reference = 'outbox:' || o.id) AS messages
       FROM outbox o WHERE o.id = $1`,
      [id],
    )
  )[0]

describe.each(databases)("outbox sender on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("a paid order's e-mail and SMS go out once each, in the buyer's language, with the order and its e-ticket link", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const order = await paidOrder(live(), used, "en")
    expect(await delivered(live(), order.identifier)).toEqual([])

    const first = await pass(live())
    expect(first.sent).toBeGreaterThanOrEqual(2)
    const messages = await delivered(live(), order.identifier)
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ["sms", "0521234567"],
      ["email", "dana@example.com"],
    ])
    const [sms, email] = messages as [Delivered, Delivered]
    const link = `http://localhost:3000/edocument/${order.key}`
    expect(sms.subject).toBeNull()
    expect(sms.body).toBe(`Order ${order.identifier} is confirmed. Your tickets: ${link}`)
    expect(email.subject).toBe(`Your tickets: order ${order.identifier}`)
    expect(email.body).toMatch(/^Hello Dana,\n\n/)
    expect(email.body).toContain(order.identifier)
    expect(email.body).toContain(link)
    expect(await outboxRows(live(), order.identifier)).toEqual([
      { kind: "sms", sent: true, attempts: 0, lastError: null },
      { kind: "email", sent: true, attempts: 0, lastError: null },
    ])

    // a second pass finds nothing of this order to send
    await pass(live())
    expect(await delivered(live(), order.identifier)).toHaveLength(2)
  })

  it("Hebrew and Russian buyers read their own language, also when tickets are sent to another number", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const hebrew = await paidOrder(live(), used, "he")
    const russian = await paidOrder(live(), used, "ru")
    await drain(live())
    const he = await delivered(live(), hebrew.identifier)
    expect(he.map((m) => m.channel)).toEqual(["sms", "email"])
    expect(he[0]?.body).toBe(
      `הזמנה ${hebrew.identifier} אושרה. הכרטיסים שלך: http://localhost:3000/edocument/${hebrew.key}`,
    )
    expect(he[1]?.subject).toBe(`הכרטיסים שלך: הזמנה ${hebrew.identifier}`)
    expect(he[1]?.body).toMatch(/^שלום Dana,\n\n/)
    const ru = await delivered(live(), russian.identifier)
    expect(ru[0]?.body).toBe(
      `Заказ ${russian.identifier} подтверждён. Ваши билеты: http://localhost:3000/edocument/${russian.key}`,
    )
    expect(ru[1]?.subject).toBe(`Ваши билеты: заказ ${russian.identifier}`)

    const sent = await fetch(
      `${live().baseUrl}/api/reservations/${russian.identifier}/sendTickets?key=${russian.key}`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          mobileNumber: "054-765-4321",
          recaptchaToken: await solveHumanCheck(live().baseUrl),
        }),
      },
    )
    expect(sent.status).toBe(200)
    await drain(live())
    expect((await delivered(live(), russian.identifier)).at(-1)).toEqual({
      channel: "sms",
      recipient: "0547654321",
      subject: null,
      body: `Ваши билеты по заказу ${russian.identifier}: http://localhost:3000/edocument/${russian.key}`,
    })
  })

  it("passes running at once (two server processes) never send a row twice", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const ids: Array<string> = []
    for (let n = 0; n < 120; n++)
      ids.push(
        await insertRow(live(), "sms", `05000${String(n).padStart(5, "0")}`, {
          template: "orderPaid",
          reservationIdentifier: `RACE${n}`,
          eTicketPath: `/e/race${n}`,
          locale: "en",
        }),
      )
    // four senders race over 120 rows in batches of 50
    const summaries = await Promise.all([1, 2, 3, 4].map(() => pass(live())))
    expect(summaries.reduce((sum, s) => sum + s.sent, 0)).toBeLessThanOrEqual(120)
    await drain(live())
    const counts = await live().query<{ reference: string; n: number }>(
      `SELECT reference, count(*)::int AS n FROM sandbox_messages WHERE reference = ANY ($1::text[])
       GROUP BY reference`,
      [`{${ids.map((id) => `outbox:${id}`).join(",")}}`],
    )
    expect(counts).toHaveLength(120)
    expect(counts.every((c) => c.n === 1)).toBe(true)
  })

  it("a failing messenger counts the attempt and keeps the error; a later pass retries and sends", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const order = await paidOrder(live(), used, "en")
    const failed = await pass(live(), failingMessenger)
    expect(failed.sent).toBe(0)
    expect(failed.failed).toBeGreaterThanOrEqual(2)
    expect(await delivered(live(), order.identifier)).toEqual([])
    expect(await outboxRows(live(), order.identifier)).toEqual([
      { kind: "sms", sent: false, attempts: 1, lastError: "unavailable: provider down" },
      { kind: "email", sent: false, attempts: 1, lastError: "unavailable: provider down" },
    ])

    await pass(live())
    expect((await delivered(live(), order.identifier)).map((m) => m.channel)).toEqual(["sms", "email"])
    expect(await outboxRows(live(), order.identifier)).toEqual([
      { kind: "sms", sent: true, attempts: 1, lastError: null },
      { kind: "email", sent: true, attempts: 1, lastError: null },
    ])
  })

  it(`after ${MAX_ATTEMPTS} failures a row is left alone; a refused address or a broken payload is not retried`, async (ctx) => {
    if (!isUp()) return ctx.skip()
    const payload = { template: "orderPaid", reservationIdentifier: "LAST1", eTicketPath: "/e/last1" }
    const lastTry = await insertRow(live(), "sms", "0500000001", payload, MAX_ATTEMPTS - 1)
    await pass(live(), failingMessenger)
    expect(await rowState(live(), lastTry)).toMatchObject({
      sent: false,
      attempts: MAX_ATTEMPTS,
      messages: 0,
    })
    await drain(live())
    expect(await rowState(live(), lastTry)).toMatchObject({
      sent: false,
      attempts: MAX_ATTEMPTS,
      messages: 0,
    })

    const bounced = await insertRow(live(), "email", "nobody@example.invalid", payload)
    const broken = await insertRow(live(), "sms", "0500000002", { template: "birthday" })
    await pass(live())
    expect(await rowState(live(), bounced)).toEqual({
      sent: false,
      attempts: MAX_ATTEMPTS,
      lastError: "rejected: sandbox: unknown mailbox",
      messages: 0,
    })
    expect(await rowState(live(), broken)).toMatchObject({ sent: false, attempts: MAX_ATTEMPTS, messages: 0 })
    expect((await rowState(live(), broken))?.lastError).toContain("birthday")
  })

  it("the server's job sends at start without being asked", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const id = await insertRow(live(), "sms", "0500000003", {
      template: "orderPaid",
      reservationIdentifier: "JOB1",
      eTicketPath: "/e/job1",
      locale: "en",
    })
    // the job as `npm start` composes it (no OUTBOX_SENDER set), in a scope of its own and stopped with it
    const state = await live().run(
      Effect.scoped(
        Effect.gen(function* () {
          yield* Layer.build(OutboxJob)
          for (let i = 0; i < 100; i++) {
            const rows = yield* Effect.promise(() => rowState(live(), id))
            if (rows?.sent === true) return rows
            yield* Effect.sleep("100 millis")
          }
          return yield* Effect.promise(() => rowState(live(), id))
        }),
      ).pipe(Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env: {} }))),
    )
    expect(state).toMatchObject({ sent: true, messages: 1 })
  })
})
