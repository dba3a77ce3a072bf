import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { Ticket } from "../../api/PresentationEntities.ts"
import type { LocaleCode } from "../../api/shared.ts"
import {
  type DiscountOffer,
  type LoyaltyMember,
  type TicketCodeAnswer,
  type TicketCodeProblem,
  TicketCodeRefused,
  type TicketEligibility,
} from "../../api/TicketCodesApi.ts"
import { isValidIsraeliId, normalizeIsraeliId } from "../../domain/order/israeliId.ts"
import { discountRefusal } from "../../domain/pricing/discount.ts"
import { memberHolder } from "../customer/memberProof.ts"
import { localized } from "../localized.ts"

/**
 * Codes typed on the ticket step (migration 0008): system vouchers, discount codes and ticket-group codes, and
 * the checks a member-only, senior or reference ticket needs. Validity is judged in Asia/Jerusalem days by the
 * database clock, the same clock that ends seat holds.
 */

const refuse = (msg: TicketCodeProblem) => Effect.fail(new TicketCodeRefused({ msg }))

const TODAY = "(marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date"

interface VoucherRow {
  readonly reference: string
  readonly balance: number | null
  readonly ticketsLeft: number | null
  readonly status: string
  readonly notStarted: boolean
  readonly expired: boolean
  readonly endsOn: string
}

interface DiscountRow extends DiscountOffer {
  readonly maxUses: number | null
  readonly usedCount: number
  readonly isActive: boolean
  readonly notStarted: boolean
  readonly expired: boolean
}

interface MemberRow {
  readonly memberNumber: string
  readonly membershipId: number
  readonly membershipTypeId: number
  readonly membershipName: string
  readonly customerId: number
  readonly firstName: string
  readonly lastName: string
  readonly balance: number
  readonly usedBalance: number
  readonly pointsBalance: number
  readonly notStarted: boolean
  readonly expired: boolean
  readonly allowMemberSaleTickets: boolean
}

/** "Dana M.": enough for a member to recognise the login, not a full name for whoever types a number. */
const shortName = (first: string, last: string) => {
  const initial = [...last.trim()][0]
  return initial === undefined ? first.trim() : `${first.trim()} ${initial}.`
}

/** What a loyalty login offers as proof that the member is the asker's, and the cart that asks. */
export interface LoyaltyProof {
  readonly memberNumber: string
  readonly ssn: string | undefined
  /** the signed-in customer, if any */
  readonly customerId: number | undefined
  readonly cartToken: string
}

export class TicketCodes extends Context.Service<
  TicketCodes,
  {
    /** `ticketIds`: one per seat now in the cart, for a coupon's minimum and applicability */
    readonly lookup: (
      code: string,
      offeredGroupIds: ReadonlyArray<number>,
      ticketIds: ReadonlyArray<number>,
      lang: LocaleCode,
    ) => Effect.Effect<TicketCodeAnswer, TicketCodeRefused>
    /** `asker`: the cart (and signed-in customer) asking, whom a member-only ticket's member must belong to */
    readonly eligibility: (
      ticket: Ticket,
      detail: {
        readonly memberNumber?: string | undefined
        readonly memberSsn?: string | undefined
        readonly ssn?: string | undefined
        readonly reference1?: string | undefined
        readonly reference2?: string | undefined
      },
      asker: { readonly cartToken: string; readonly customerId: number | undefined },
    ) => Effect.Effect<TicketEligibility, TicketCodeRefused>
    /**
     * loyalty login (param 64): the member proven by its number with the holder's ID number, or by the signed-in
     * customer who holds it, then the same member check as a member-only ticket's; the cart records the proof
     */
    readonly loyaltyMember: (
      proof: LoyaltyProof,
      lang: LocaleCode,
    ) => Effect.Effect<LoyaltyMember, TicketCodeRefused>
  }
>()("marquee/presentations/TicketCodes") {
  static readonly layer = Layer.effect(
    TicketCodes,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const today = sql.literal(TODAY)

      const voucherByReference = (reference: string) =>
        sql<VoucherRow>`
          SELECT reference, balance_agorot AS balance, tickets_left AS "ticketsLeft", status,
            starts_on > ${today} AS "notStarted", ends_on < ${today} AS expired, ends_on::text AS "endsOn"
          FROM system_vouchers WHERE upper(reference) = upper(${reference})`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie,
        )

      const discountByCode = (code: string, lang: LocaleCode) =>
        sql<DiscountRow>`
          SELECT id AS "discountId", code, ${localized(sql, "name", lang)} AS name,
            percent_bp AS "percentBasisPoints", amount_agorot AS "amountOff", ticket_ids AS "ticketIds",
            min_tickets AS "minTickets", max_uses AS "maxUses", used_count AS "usedCount", is_active AS "isActive",
            starts_on > ${today} AS "notStarted", ends_on < ${today} AS expired
          FROM discount_codes WHERE upper(code) = upper(${code})`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie,
        )

      const lookup = Effect.fn("TicketCodes.lookup")(function* (
        typed: string,
        offeredGroupIds: ReadonlyArray<number>,
        ticketIds: ReadonlyArray<number>,
        lang: LocaleCode,
      ) {
        const code = typed.trim()
        if (code === "" || code.length > 64) return yield* refuse("codeNotFound")

        const voucher = yield* voucherByReference(code)
        if (Option.isSome(voucher)) {
          const v = voucher.value
          if (v.status !== "active") return yield* refuse("codeNotFound")
          if (v.notStarted) return yield* refuse("codeNotStarted")
          if (v.expired) return yield* refuse("voucherExpired")
          if (v.ticketsLeft !== null) {
            if (v.ticketsLeft <= 0) return yield* refuse("voucherBalance")
            return {
              kind: "ticketVoucher",
              reference: v.reference,
              ticketsLeft: v.ticketsLeft,
              endsOn: v.endsOn,
            }
          }
          if ((v.balance ?? 0) <= 0) return yield* refuse("voucherBalance")
          return { kind: "moneyVoucher", reference: v.reference, balance: v.balance ?? 0, endsOn: v.endsOn }
        }

        const discount = yield* discountByCode(code, lang)
        if (Option.isSome(discount)) {
          const { maxUses, usedCount, isActive, notStarted, expired, ...offer } = discount.value
          if (!isActive) return yield* refuse("codeNotFound")
          if (notStarted) return yield* refuse("codeNotStarted")
          if (expired) return yield* refuse("voucherExpired")
          if (maxUses !== null && usedCount >= maxUses) return yield* refuse("couponUsedUp")
          const refusal = discountRefusal(offer, ticketIds)
          if (refusal !== null) return yield* refuse(refusal)
          return { kind: "discount", discount: offer }
        }

        const groups = yield* sql<{ id: number }>`
          SELECT id FROM ticket_groups WHERE upper(code) = upper(${code})`.pipe(Effect.orDie)
        const group = groups[0]
        if (group !== undefined && offeredGroupIds.includes(group.id))
          return { kind: "ticketGroup", ticketGroupId: group.id }
        return yield* refuse("codeNotFound")
      }) as (
        code: string,
        offeredGroupIds: ReadonlyArray<number>,
        ticketIds: ReadonlyArray<number>,
        lang: LocaleCode,
      ) => Effect.Effect<TicketCodeAnswer, TicketCodeRefused>

      /** A member by number, active today (Asia/Jerusalem), or the catalogue's reason why not. */
      const activeMember = Effect.fn("TicketCodes.activeMember")(function* (
        number: string,
        lang: LocaleCode,
      ) {
        if (number === "" || number.length > 32) return yield* refuse("memberNotFound")
        const rows = yield* sql<MemberRow>`
          SELECT m.member_number AS "memberNumber", m.membership_id AS "membershipId",
            ms.membership_type_id AS "membershipTypeId", ${localized(sql, "ms.name", lang)} AS "membershipName",
            m.customer_id AS "customerId", c.first_name AS "firstName", c.last_name AS "lastName",
            m.balance, m.used_balance AS "usedBalance", m.points_balance AS "pointsBalance",
            m.start_date > ${today} AS "notStarted", m.end_date < ${today} AS expired,
            m.allow_member_sale_tickets AS "allowMemberSaleTickets"
          FROM members m JOIN memberships ms ON ms.id = m.membership_id JOIN customers c ON c.id = m.customer_id
          WHERE m.member_number = ${number}`.pipe(Effect.orDie)
        const found = rows[0]
        if (found === undefined) return yield* refuse("memberNotFound")
        if (found.expired) return yield* refuse("memberExpired")
        if (found.notStarted) return yield* refuse("memberNotStarted")
        return found
      })

      const member = Effect.fn("TicketCodes.member")(function* (typed: string | undefined) {
        const number = (typed ?? "").trim()
        if (number === "") return yield* refuse("noValidMember")
        const found = yield* activeMember(number, "he")
        if (!found.allowMemberSaleTickets) return yield* refuse("noValidMember")
        // a punch card (type 2) pays with its entries; a club membership has no count
        const isSeries = found.membershipTypeId === 2
        if (isSeries && found.balance <= 0) return yield* refuse("memberNoneAvailable")
        return { ...found, memberBalance: isSeries ? found.balance : null }
      })

      const references = Effect.fn("TicketCodes.references")(function* (
        ticketId: number,
        typed1: string | undefined,
        typed2: string | undefined,
      ) {
        const reference1 = (typed1 ?? "").trim()
        if (reference1 === "" || reference1.length > 64) return yield* refuse("refPromptOptError")
        const rows = yield* sql<{ reference1: string; left: number }>`
          SELECT reference1, quantity - used AS left FROM ticket_reference_options
          WHERE ticket_id = ${ticketId} AND upper(reference1) = upper(${reference1})`.pipe(Effect.orDie)
        const option = rows[0]
        if (option === undefined) return yield* refuse("refPromptOptNotFound")
        if (option.left <= 0) return yield* refuse("refPromptOptError")
        const reference2 = (typed2 ?? "").trim()
        return {
          reference1: option.reference1,
          reference2: reference2 === "" ? null : reference2.slice(0, 64),
        }
      })

      const eligibility = Effect.fn("TicketCodes.eligibility")(function* (
        ticket: Ticket,
        detail: {
          readonly memberNumber?: string | undefined
          readonly memberSsn?: string | undefined
          readonly ssn?: string | undefined
          readonly reference1?: string | undefined
          readonly reference2?: string | undefined
        },
        asker: { readonly cartToken: string; readonly customerId: number | undefined },
      ) {
        if (ticket.isMemberOnly) {
          const number = (detail.memberNumber ?? "").trim()
          if (number === "") return yield* refuse("noValidMember")
          // the membership pays: only its holder may use it (issue 14), and a stranger learns nothing of it
          const proof = { memberNumber: number, ssn: detail.memberSsn, ...asker }
          if (!(yield* provedInCart(proof)) && !(yield* prove(proof))) return yield* refuse("memberNotFound")
        }
        const found = ticket.isMemberOnly ? yield* member(detail.memberNumber) : null
        let ssn: string | null = null
        if (ticket.isSenior) {
          if (detail.ssn === undefined || !isValidIsraeliId(detail.ssn)) return yield* refuse("invalidSSN")
          ssn = normalizeIsraeliId(detail.ssn)
        }
        const refs = ticket.requiresReference
          ? yield* references(ticket.id, detail.reference1, detail.reference2)
          : { reference1: null, reference2: null }
        const answer: TicketEligibility = {
          ticketId: ticket.id,
          memberNumber: found?.memberNumber ?? null,
          membershipId: found?.membershipId ?? null,
          memberBalance: found?.memberBalance ?? null,
          ssn,
          ...refs,
        }
        return answer
      })

      /**
       * Whether the proof names the member's holder: the ID number on the holder's customer record, or the holder
       * signed in. An unknown number, a holder without an ID number and a wrong one are all "not found".
       */
      const provenMember = Effect.fn("TicketCodes.provenMember")(function* (proof: LoyaltyProof) {
        const holder = yield* memberHolder(proof.memberNumber, proof.ssn).pipe(
          Effect.provideService(SqlClient.SqlClient, sql),
        )
        if (Option.isNone(holder)) return Option.none<number>()
        const bySession = proof.customerId !== undefined && proof.customerId === holder.value.customerId
        return holder.value.ssnMatches || bySession
          ? Option.some(holder.value.memberId)
          : Option.none<number>()
      })

      /** Whether this cart proved the member already (a loyalty login, or an earlier member-only ticket). */
      const provedInCart = Effect.fn("TicketCodes.provedInCart")(function* (proof: LoyaltyProof) {
        const rows = yield* sql`
          SELECT 1 FROM cart_loyalty_members p JOIN members m ON m.id = p.member_id
          WHERE p.cart_token = ${proof.cartToken} AND m.member_number = ${proof.memberNumber.trim()}`.pipe(
          Effect.orDie,
        )
        return rows.length > 0
      })

      /**
       * Proves the member by the proof and records it for the cart: the commit spends a member's points or
       * entries only for a member this cart proved (src/server/payment/commitFacts.ts). False when not proven.
       */
      const prove = Effect.fn("TicketCodes.prove")(function* (proof: LoyaltyProof) {
        const proven = yield* provenMember(proof)
        if (Option.isNone(proven)) return false
        yield* sql`
          INSERT INTO cart_loyalty_members (cart_token, member_id) VALUES (${proof.cartToken}, ${proven.value})
          ON CONFLICT (cart_token, member_id) DO UPDATE SET proven_at = marquee_now()`.pipe(Effect.orDie)
        return true
      })

      const loyaltyMember = Effect.fn("TicketCodes.loyaltyMember")(function* (
        proof: LoyaltyProof,
        lang: LocaleCode,
      ) {
        if (!(yield* prove(proof))) return yield* refuse("memberNotFound")
        const found = yield* activeMember(proof.memberNumber.trim(), lang)
        const isSeries = found.membershipTypeId === 2
        const answer: LoyaltyMember = {
          memberNumber: found.memberNumber,
          membershipIdentifier: found.memberNumber,
          membershipId: found.membershipId,
          membershipTypeId: found.membershipTypeId,
          membershipName: found.membershipName,
          memberCustomerName: shortName(found.firstName, found.lastName),
          pointsBalance: found.pointsBalance,
          entriesLeft: isSeries ? found.balance : null,
          usedBalance: found.usedBalance,
          // a punch card with no entries left cannot pay for a member ticket either
          allowMemberSaleTickets: found.allowMemberSaleTickets && (!isSeries || found.balance > 0),
        }
        return answer
      })

      return TicketCodes.of({ lookup, eligibility, loyaltyMember })
    }),
  )
}
