import { Effect } from "effect"
import { CommitAnswersRefused } from "../../api/CommitRefusals.ts"
import type { CommitRequest } from "../../api/PaymentApi.ts"
import { CHILD_PRICE_POLICY, isSignaturePng, waiverProblem } from "../../domain/waiver/waiver.ts"
import { ticketPolicies, type WaiverToStore, waiverShowings } from "./WaiverRepo.ts"

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

const refuse = (code: CommitAnswersRefused["code"]) => Effect.fail(new CommitAnswersRefused({ code }))

/**
 * At commit (issue 19): the child waiver a ticket order must carry when one of its showings asks for one, judged
 * by the same rule the browser applies (src/domain/waiver/waiver.ts) on the database's facts: which showings ask,
 * their days, and each ticket's price policy. Refused with a 400 before anything is written. An order that asks
 * for none stores none, whatever the request sent.
 */
export const checkWaiver = Effect.fn("CommitWaiver.check")(function* (
  request: CommitRequest,
  presentationIds: ReadonlyArray<number>,
) {
  const showings = (yield* waiverShowings(presentationIds)).filter((s) => s.required)
  if (showings.length === 0) return null
  const waiver = request.waiver
  if (waiver === undefined || waiver === null) return yield* refuse("waiverRequired")
  const png = waiver.signaturePng
  if (!BASE64.test(png) || png.length % 4 !== 0 || !isSignaturePng(Buffer.from(png, "base64")))
    return yield* refuse("waiverSignature")
  const lines = request.cart.seats.filter((line) => !line.isMultiplyFactorSubTicket)
  const policies = yield* ticketPolicies([...new Set(lines.map((line) => line.ticket.ticketId))])
  const childTickets = (presentationId: number) =>
    lines.filter(
      (line) =>
        line.ticket.prsntId === presentationId && policies.get(line.ticket.ticketId) === CHILD_PRICE_POLICY,
    ).length
  const problem = waiverProblem(
    waiver,
    showings.map((s) => ({ date: s.date, childTickets: childTickets(s.id) })),
  )
  if (problem !== null) return yield* refuse(problem)
  return {
    signerName: waiver.signerName.trim(),
    children: waiver.children.map((c) => ({ name: c.name.trim(), dateOfBirth: c.dateOfBirth })),
    signaturePng: png,
  } satisfies WaiverToStore
})
