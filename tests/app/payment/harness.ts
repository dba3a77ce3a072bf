import { Effect, Layer, Schedule } from "effect"
import { PaymentSchedules } from "../../../src/app/payment/answers.ts"
import {
  CartWriteFailed,
  HumanCheck,
  Navigator,
  PaymentCart,
  PaymentProgress,
  type PaymentStage,
} from "../../../src/app/payment/ports.ts"
import { httpLayer } from "../../../src/app/payment/runtime.ts"
import type { CartEvent } from "../../../src/domain/cart/events.ts"
import { apply, fold } from "../../../src/domain/cart/fold.ts"
import type { Cart } from "../../../src/domain/cart/state.ts"
import { customer, newLog, place, presentation, seated } from "../../domain/cart/fixtures.ts"

/**
 * The payment pipelines against fakes: an in-memory cart log (the domain's real fold), a scripted `fetch` that
 * records every request, a human check that counts its tokens, and a navigator that records where it went.
 */

export interface Call {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: Record<string, string>
  readonly body: unknown
}

/** What the fake server does for a call: answer with a status and body, or lose the answer. */
export type Reply = { readonly status: number; readonly body?: unknown } | "lost" | "hang"

export type Script = (call: Call, calls: ReadonlyArray<Call>) => Reply | Promise<Reply>

export const json = (status: number, body: unknown): Reply => ({ status, body })

export const fakeFetch = (script: Script) => {
  const calls: Array<Call> = []
  const fetchFn = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input, "http://test.local")
    const call: Call = {
      method: init.method ?? "GET",
      path: url.pathname.replace(/^\/api/, ""),
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    }
    calls.push(call)
    const reply = await script(call, calls)
    if (reply === "lost") throw new TypeError("Failed to fetch")
    if (reply === "hang")
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      )
    return new Response(reply.body === undefined ? "" : JSON.stringify(reply.body), { status: reply.status })
  }
  return { fetchFn, calls }
}

/** A seated, ticketed cart with customer info: ready to commit. */
export const readyEvents = (): Array<CartEvent> => {
  const log = newLog()
  return [...seated(log, presentation(), [place(0, 0)]), log.customerInfo(customer())]
}

export const memoryCart = (
  events: ReadonlyArray<CartEvent> = readyEvents(),
  cartToken: string | null = "cart-token-1",
) => {
  let state: Cart = fold(events)
  const appended: Array<CartEvent> = []
  let failWrites = false
  let n = 0
  return {
    appended,
    state: () => state,
    failWrites: (fail: boolean) => {
      failWrites = fail
    },
    layer: () =>
      Layer.succeed(
        PaymentCart,
        PaymentCart.of({
          state: () => state,
          append: (events) =>
            failWrites
              ? Effect.fail(new CartWriteFailed({ cause: new Error("quota") }))
              : Effect.sync(() => {
                  for (const event of events) {
                    appended.push(event)
                    state = apply(state, event)
                  }
                  return state
                }),
          cartToken: () => cartToken,
          meta: () => {
            n += 1
            return { eventId: `ev-${n}`, at: new Date(Date.UTC(2026, 10, 22, 15, 30, n)).toISOString() }
          },
        }),
      ),
  }
}

export const harness = (script: Script, events?: ReadonlyArray<CartEvent>, cartToken?: string | null) => {
  const http = fakeFetch(script)
  const cart = memoryCart(events, cartToken)
  const visited: Array<string> = []
  const stages: Array<PaymentStage> = []
  let tokens = 0
  const layer = Layer.mergeAll(
    httpLayer(http.fetchFn, 200),
    cart.layer(),
    Layer.succeed(HumanCheck, HumanCheck.of({ token: () => Effect.sync(() => `human-${++tokens}`) })),
    Layer.succeed(Navigator, Navigator.of({ leaveFor: (url) => Effect.sync(() => void visited.push(url)) })),
    Layer.succeed(
      PaymentProgress,
      PaymentProgress.of({ report: (stage) => Effect.sync(() => void stages.push(stage)) }),
    ),
    // the real schedules' shape (bounded), minus the waiting
    Layer.succeed(PaymentSchedules, {
      lostAnswer: Schedule.recurs(4),
      processing: Schedule.recurs(5),
    }),
  )
  const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runPromise(Effect.result(effect))
  return {
    calls: http.calls,
    cart,
    visited,
    stages,
    tokens: () => tokens,
    provide: <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      effect.pipe(Effect.provide(layer)) as Effect.Effect<A, E, never>,
    run,
  }
}

// ── the server's answers, in the contract's shapes ──────────────────────────────────────────────────────

export const commitResult = (overrides: Record<string, unknown> = {}) => ({
  reservationIdentifier: "R-100",
  ticketIdentifiers: ["T-1"],
  status: "awaitingPayment",
  total: 5000,
  serviceCharge: 300,
  voucherAmount: 0,
  amountDue: 5000,
  paymentDeadline: "2026-11-22T15:45:00.000Z",
  documentKey: null,
  ...overrides,
})

export const paymentForm = (paymentId = "P-1", overrides: Record<string, unknown> = {}) => ({
  paymentFormURL: `http://test.local/sandbox/card/${paymentId}`,
  paymentId,
  method: "card",
  provider: "sandbox-card",
  amount: 5000,
  numberOfPayments: 1,
  ...overrides,
})

export const completion = (paymentState: string, overrides: Record<string, unknown> = {}) => ({
  reservationIdentifier: "R-100",
  status: paymentState === "captured" ? "paid" : "awaitingPayment",
  paymentState,
  failure: null,
  documentKey: paymentState === "captured" ? "doc-key-100" : null,
  ...overrides,
})

export const answersRefused = (code: string) => ({ _tag: "CommitAnswersRefused", code })

export const commitFailed = (code: string) => ({
  _tag: "CommitFailed",
  error: "lastCommit",
  message: "Error processing Transaction",
  code,
})
