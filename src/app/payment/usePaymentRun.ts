import { Effect, Exit } from "effect"
import { useCallback, useRef, useState } from "react"
import type { CartLog } from "../cart/cartLog.ts"
import type { PayError } from "./errors.ts"
import { makePay, type PayOutcome } from "./pay.ts"
import type { PaymentServices, PaymentStage } from "./ports.ts"
import { browserLayer } from "./runtime.ts"

/** What the payment dialog shows: a stage while working, then an outcome or an error. */
export type RunState =
  | { readonly status: "idle" }
  | { readonly status: "working"; readonly stage: PaymentStage }
  | { readonly status: "done"; readonly outcome: PayOutcome }
  | { readonly status: "failed"; readonly error: PayError }

/** One `pay` per cart for the whole tab: two mounted pages, or two clicks, still share one flight. */
const payByCart = new Map<string, ReturnType<typeof makePay>>()
export const payFor = (log: CartLog) => {
  let pay = payByCart.get(log.cartId)
  if (pay === undefined) {
    pay = makePay()
    payByCart.set(log.cartId, pay)
  }
  return pay
}

/**
 * Runs a payment pipeline with the browser's ports and keeps the dialog's state. `start` returns the outcome
 * (or the error) as well, for callers that navigate on it.
 */
export const usePaymentRun = (log: CartLog | null) => {
  const [state, setState] = useState<RunState>({ status: "idle" })
  const running = useRef(false)

  const start = useCallback(
    async (
      pipeline: (log: CartLog) => Effect.Effect<PayOutcome, PayError, PaymentServices>,
    ): Promise<Exit.Exit<PayOutcome, PayError> | null> => {
      if (log === null) return null
      running.current = true
      setState({ status: "working", stage: "loading" })
      const layer = browserLayer(log, (stage) => {
        if (running.current) setState({ status: "working", stage })
      })
      const exit = await Effect.runPromiseExit(pipeline(log).pipe(Effect.provide(layer)))
      running.current = false
      if (Exit.isSuccess(exit)) setState({ status: "done", outcome: exit.value })
      else {
        const failure = Exit.findErrorOption(exit)
        if (failure._tag === "Some") setState({ status: "failed", error: failure.value })
        else setState({ status: "idle" })
      }
      return exit
    },
    [log],
  )

  const reset = useCallback(() => setState({ status: "idle" }), [])
  return { state, start, reset }
}
