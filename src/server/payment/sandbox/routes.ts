import { randomInt } from "node:crypto"
import type { IncomingMessage } from "node:http"
import { Effect, Layer, Option } from "effect"
import { HttpRouter, type HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import type { PaymentFailureCode } from "../../../api/PaymentApi.ts"
import { isValidIsraeliId } from "../../../domain/order/israeliId.ts"
import { hasControlCharacter } from "../../../domain/shared/wireText.ts"
import { ownPagePolicy } from "../../http/securityHeaders.ts"
import type { ProviderPaymentState } from "../PaymentProvider.ts"
import { checkCard, checkWallet, keptCardFacts } from "./cards.ts"
import {
  bankAppPage,
  blikCodePage,
  blikWaitingPage,
  cardPage,
  finishedPage,
  notFoundPage,
  paypalPage,
  redirectPage,
  savedCardPage,
  threeDSecurePage,
} from "./pages.ts"
import {
  findSandboxPayment,
  keepCard,
  moveSandboxPayment,
  type SandboxCardToken,
  type SandboxPayment,
  SIGNATURE_HEADER,
  sign,
  webhookEventOf,
  webhookSecret,
} from "./SandboxLedger.ts"
import { SANDBOX_PROVIDERS, type SandboxConfig } from "./SandboxProvider.ts"

/**
 * The sandbox providers' websites: the hosted pages the buyer is sent to, and what happens when they submit.
 * After every move the "provider" posts a signed webhook to the merchant (us, over HTTP on the local socket the
 * request came in on, never to a host a request names) and, at the end, sends the buyer back to the return URL.
 */

const BLIK_CODE_SECONDS = 120
const BANK_APP_SECONDS = 60

const html = (body: string, status = 200) =>
  HttpServerResponse.text(body, {
    status,
    contentType: "text/html; charset=utf-8",
    headers: {
      "cache-control": "no-store",
      "x-frame-options": "SAMEORIGIN",
      "content-security-policy": ownPagePolicy(body, "'self'"),
    },
  })

/** The address this server answered the request on: webhooks go back to the same process's listener. */
const merchantOrigin = (request: HttpServerRequest.HttpServerRequest): string => {
  const socket = (request.source as IncomingMessage).socket
  const address = socket?.localAddress ?? "127.0.0.1"
  const host = address.includes(":")
    ? address.startsWith("::ffff:")
      ? address.slice(7)
      : `[${address}]`
    : address
  return `http://${host}:${socket?.localPort ?? 80}`
}

const deliverWebhook = Effect.fn("Sandbox.deliverWebhook")(function* (
  request: HttpServerRequest.HttpServerRequest,
  provider: string,
  reference: string,
) {
  const event = yield* webhookEventOf(provider, reference)
  if (Option.isNone(event) || !event.value.deliver) return
  const secret = yield* webhookSecret(provider)
  const body = JSON.stringify(event.value.body)
  // a failed delivery is not retried here: the merchant's reconciliation asks for the status instead
  yield* Effect.tryPromise(() =>
    fetch(`${merchantOrigin(request)}/api/payment/webhook/${provider}`, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: sign(secret, body) },
      body,
      signal: AbortSignal.timeout(5_000),
    }).then((response) => response.body?.cancel()),
  ).pipe(Effect.ignore)
})

const configOf = (name: string): SandboxConfig | undefined => SANDBOX_PROVIDERS.find((p) => p.name === name)

const entryPage = (config: SandboxConfig, payment: SandboxPayment, lang: string, error?: string): string => {
  if (payment.state === "awaitingVerification")
    return config.kind === "card" ? threeDSecurePage(payment, lang) : redirectPage(payment, lang, error)
  if (payment.state === "awaitingBankApp") return blikWaitingPage(payment, lang)
  if (payment.state !== "awaitingEntry") return finishedPage(payment, lang)
  switch (config.kind) {
    case "card":
      return payment.usedCard === null
        ? cardPage(payment, lang, error)
        : savedCardPage(payment, payment.usedCard, lang, error)
    case "blik":
      return blikCodePage(payment, lang, error)
    case "paypal":
      return paypalPage(payment, lang)
    case "redirect":
      return redirectPage(payment, lang, error)
  }
}

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, "0")

type Step =
  | { readonly move: ProviderPaymentState; readonly failure?: PaymentFailureCode; readonly extra?: object }
  | { readonly error: string }
  | { readonly stay: true }

/**
 * Apple Pay or Google Pay on the card page (`action=wallet`): the device authenticated the buyer, so an approved
 * token is captured without 3-D Secure; the test card's last four `0002` declines. A provider or payment that
 * takes no wallets (the second card provider, a BIN-restricted promotion) refuses it as a card outside the
 * promotion's BINs is refused. The method stays "card".
 */
const walletStep = (config: SandboxConfig, payment: SandboxPayment, form: URLSearchParams): Step => {
  const verdict = checkWallet(
    form.get("wallet") ?? "",
    form.get("walletToken") ?? "",
    config.name,
    payment.allowedBins,
  )
  if ("invalid" in verdict) return { error: verdict.message }
  const extra = { instalments: 1, last4: verdict.last4, wallet: verdict.wallet }
  if (verdict.outcome === "approved") return { move: "captured", extra }
  return { move: "failed", failure: verdict.outcome, extra }
}

/**
 * A card the provider kept (`pay-saved`): the buyer types only the CVV; the card behaves as its test number
 * did when it was kept (approves, declines, or asks for 3-D Secure). A BIN-restricted promotion checks the
 * kept card's BIN like a typed one.
 */
const savedCardStep = (payment: SandboxPayment, card: SandboxCardToken, form: URLSearchParams): Step => {
  if (!/^\d{3,4}$/.test((form.get("cvv") ?? "").trim())) return { error: "The CVV is not valid." }
  const instalments = Number(form.get("instalments") ?? "1")
  const extra = { instalments: Number.isInteger(instalments) ? instalments : 1, last4: card.last4 }
  if (payment.allowedBins !== null && !payment.allowedBins.some((bin) => card.bin.startsWith(bin)))
    return { move: "failed", failure: "binValidation", extra }
  if (card.outcome === "declined") return { move: "failed", failure: "declined", extra }
  if (card.outcome === "threeDSecure") return { move: "awaitingVerification", extra }
  return { move: "captured", extra }
}

/** Where the ledger notes a wallet payment: the otherwise unused `token` column of a card payment. */
const recordWallet = Effect.fn("Sandbox.recordWallet")(function* (reference: string, wallet: string) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`UPDATE sandbox_payments SET token = ${`wallet:${wallet}`} WHERE reference = ${reference}`
}, Effect.orDie)

/** What a submitted form does to the payment: a move, or the same page again with an error. */
const stepFor = (config: SandboxConfig, payment: SandboxPayment, form: URLSearchParams): Step => {
  const action = form.get("action") ?? ""
  const now = payment.nowMs
  if (action === "cancel") {
    const failure: PaymentFailureCode =
      config.kind === "paypal"
        ? "paypalCancelled"
        : config.kind === "redirect"
          ? "redirectProviderError"
          : "orderCancelled"
    return { move: "cancelled", failure }
  }
  switch (config.kind) {
    case "card": {
      if (action === "3ds-approve" && payment.state === "awaitingVerification") return { move: "captured" }
      if (action === "3ds-fail" && payment.state === "awaitingVerification")
        return { move: "failed", failure: "threeDSecureFailed" }
      if (action === "3ds-abandon" && payment.state === "awaitingVerification")
        return { move: "cancelled", failure: "threeDSecureFailed" }
      if (action === "wallet" && payment.state === "awaitingEntry") return walletStep(config, payment, form)
      if (action === "pay-saved" && payment.state === "awaitingEntry" && payment.usedCard !== null)
        return savedCardStep(payment, payment.usedCard, form)
      // a payment made with a kept card has no card form to submit
      if (action !== "pay" || payment.state !== "awaitingEntry" || payment.usedCard !== null)
        return { stay: true }
      const holderId = (form.get("holderId") ?? "").trim()
      if (holderId !== "" && !isValidIsraeliId(holderId))
        return { error: "The card holder's ID number is not valid." }
      const verdict = checkCard(
        {
          number: form.get("cardNumber") ?? "",
          expiry: form.get("expiry") ?? "",
          cvv: form.get("cvv") ?? "",
        },
        payment.allowedBins,
        new Date(now),
      )
      if ("invalid" in verdict) return { error: verdict.message }
      const instalments = Number(form.get("instalments") ?? "1")
      const extra = { instalments: Number.isInteger(instalments) ? instalments : 1, last4: verdict.last4 }
      if (verdict.outcome === "declined") return { move: "failed", failure: "declined", extra }
      if (verdict.outcome === "binValidation") return { move: "failed", failure: "binValidation", extra }
      // the merchant asked to keep the card: the provider tokenises it (3-D Secure still decides this payment)
      const keep = payment.saveCard
        ? {
            ...keptCardFacts(form.get("cardNumber") ?? "", form.get("expiry") ?? ""),
            outcome: verdict.outcome,
          }
        : undefined
      if (verdict.outcome === "threeDSecure")
        return { move: "awaitingVerification", extra: { ...extra, keep } }
      return { move: "captured", extra: { ...extra, keep } }
    }
    case "blik": {
      if (action !== "blik-code" || payment.state !== "awaitingEntry") {
        if (payment.state !== "awaitingBankApp") return { stay: true }
        if (payment.confirmByMs !== null && now > payment.confirmByMs)
          return { move: "failed", failure: "blikExpired" }
        if (action === "bank-confirm") return { move: "captured" }
        if (action === "bank-reject") return { move: "failed", failure: "blikError" }
        return { stay: true }
      }
      if (payment.codeExpiresAtMs !== null && now > payment.codeExpiresAtMs)
        return { move: "failed", failure: "blikExpired" }
      if ((form.get("code") ?? "").trim() !== payment.code) return { error: "That BLIK code is not valid." }
      return { move: "awaitingBankApp", extra: { confirmSeconds: BANK_APP_SECONDS } }
    }
    case "paypal":
      return action === "paypal-approve" && payment.state === "awaitingEntry"
        ? { move: "captured" }
        : { stay: true }
    case "redirect": {
      if (action === "redirect-start" && payment.state === "awaitingEntry")
        return { move: "awaitingVerification", extra: { code: sixDigits() } }
      if (action !== "redirect-verify" || payment.state !== "awaitingVerification") return { stay: true }
      return (form.get("code") ?? "").trim() === payment.code
        ? { move: "captured" }
        : { move: "failed", failure: "redirectProviderError" }
    }
  }
}

const FINAL: ReadonlyArray<ProviderPaymentState> = ["captured", "failed", "cancelled", "refunded"]

export const SandboxRoutes = Layer.mergeAll(
  HttpRouter.add("GET", "/sandbox/:provider/:reference", (request) =>
    Effect.gen(function* () {
      const params = yield* HttpRouter.params
      const config = configOf(params.provider ?? "")
      const url = new URL(request.url, "http://sandbox")
      const lang = url.searchParams.get("lang") ?? "he"
      const found =
        config === undefined ? Option.none() : yield* findSandboxPayment(config.name, params.reference ?? "")
      if (config === undefined || Option.isNone(found)) return html(notFoundPage(), 404)
      let payment = found.value
      // BLIK: the code is "shown in the bank app" from the first visit and lives 120 s
      if (config.kind === "blik" && payment.state === "awaitingEntry" && payment.code === null) {
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE sandbox_payments SET code = ${sixDigits()},
            code_expires_at = marquee_now() + make_interval(secs => ${BLIK_CODE_SECONDS})
          WHERE reference = ${payment.reference} AND code IS NULL`.pipe(Effect.orDie)
        payment = Option.getOrThrow(yield* findSandboxPayment(config.name, payment.reference))
      }
      return html(entryPage(config, payment, lang))
    }),
  ),
  HttpRouter.add("GET", "/sandbox/:provider/:reference/bank-app", () =>
    Effect.gen(function* () {
      const params = yield* HttpRouter.params
      const config = configOf(params.provider ?? "")
      const found =
        config === undefined ? Option.none() : yield* findSandboxPayment(config.name, params.reference ?? "")
      if (config?.kind !== "blik" || Option.isNone(found)) return html(notFoundPage(), 404)
      return html(
        found.value.state === "awaitingBankApp"
          ? bankAppPage(found.value, "en")
          : finishedPage(found.value, "en"),
      )
    }),
  ),
  HttpRouter.add("POST", "/sandbox/:provider/:reference", (request) =>
    Effect.gen(function* () {
      const params = yield* HttpRouter.params
      const config = configOf(params.provider ?? "")
      const found =
        config === undefined ? Option.none() : yield* findSandboxPayment(config.name, params.reference ?? "")
      if (config === undefined || Option.isNone(found)) return html(notFoundPage(), 404)
      const payment = found.value
      const form = new URLSearchParams(yield* request.text.pipe(Effect.orElseSucceed(() => "")))
      // what the page posts is kept as JSON in PostgreSQL, which refuses a NUL: such a post is no card entry
      if ([...form.values()].some(hasControlCharacter))
        return HttpServerResponse.text("Bad request: control characters", { status: 400 })
      const step = stepFor(config, payment, form)
      const lang = new URL(request.url, "http://sandbox").searchParams.get("lang") ?? "he"
      const here = `/sandbox/${config.name}/${payment.reference}?lang=${encodeURIComponent(lang)}`
      if ("error" in step) return html(entryPage(config, payment, lang, step.error), 422)
      if ("stay" in step) return HttpServerResponse.redirect(here, { status: 303 })
      const extra = step.extra as {
        instalments?: number
        last4?: string
        code?: string
        confirmSeconds?: number
        wallet?: string
        keep?: Parameters<typeof keepCard>[2]
      }
      const moved = yield* moveSandboxPayment(
        config.name,
        payment.reference,
        step.move,
        step.failure ?? null,
        extra,
      )
      if (moved && (extra?.instalments !== undefined || extra?.last4 !== undefined)) {
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE sandbox_payments SET instalments = ${Math.min(Math.max(1, extra.instalments ?? 1), payment.maxInstalments)},
            card_last4 = ${extra.last4 ?? null} WHERE reference = ${payment.reference}`.pipe(Effect.orDie)
      }
      if (moved && extra?.wallet !== undefined) yield* recordWallet(payment.reference, extra.wallet)
      if (moved && extra?.keep !== undefined) yield* keepCard(config.name, payment.reference, extra.keep)
      if (moved) yield* deliverWebhook(request, config.name, payment.reference)
      if (!FINAL.includes(step.move)) return HttpServerResponse.redirect(here, { status: 303 })
      const back = new URL(payment.returnUrl, "http://merchant")
      if (config.kind === "paypal" && step.move === "captured") {
        back.searchParams.set("PayerID", `PAYER${payment.reference.slice(4, 14).toUpperCase()}`)
        back.searchParams.set("token", `EC-${payment.reference.slice(-12)}`)
      }
      return HttpServerResponse.redirect(`${back.pathname}${back.search}`, { status: 303 })
    }),
  ),
)
