import type { PresentationDetail } from "../../../api/PresentationEntities.ts"
import type { CartEvent } from "../../../domain/cart/events.ts"
import type { CartSeat } from "../../../domain/cart/state.ts"
import { agorot } from "../../../domain/cart/values.ts"
import { applyDiscount, isDiscountApplicable } from "../../../domain/pricing/discount.ts"
import type { MessageKey, MessageParams } from "../../i18n/dictionaries.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { lookUpCode } from "./codesClient.ts"
import { chosen } from "./ticketChoice.ts"

export interface CodeResult {
  readonly ok: boolean
  readonly events: ReadonlyArray<CartEvent>
  readonly unlockedGroup: number | null
  readonly message: { readonly key: MessageKey; readonly params?: MessageParams }
}

const refused = (key: MessageKey): CodeResult => ({
  ok: false,
  events: [],
  unlockedGroup: null,
  message: { key },
})

/**
 * A typed code applied to the held seats. A coupon reprices every seat whose ticket it applies to (the same
 * `applyDiscount` the server uses at commit); a ticket voucher pays for as many seats as it has tickets left; a
 * gift card is kept for the payment step; a ticket-group code lists that group's tickets. A code already on a seat
 * is refused before asking the server when no seat is left for it (spec §5: discount codes must not be entered
 * twice).
 */
export const applyCode = async (
  presentationId: number,
  typed: string,
  seats: ReadonlyArray<CartSeat>,
  detail: PresentationDetail,
  locale: LocaleCode,
): Promise<CodeResult> => {
  const code = typed.trim().toUpperCase()
  const main = seats.filter((seat) => seat.ticket !== null && !seat.isMultiplyFactorSubTicket)
  // a code goes on a seat once; it may still go on a seat whose ticket changed since (that change dropped it)
  const carries = (seat: CartSeat) =>
    seat.ticket?.code?.toUpperCase() === code || seat.ticket?.systemVoucher?.toUpperCase() === code
  const open = main.filter((seat) => seat.ticket?.discountId === null && seat.ticket?.systemVoucher === null)
  if (main.some(carries) && open.length === 0) return refused("orderSteps.codes.codeAlreadyEntered")

  const answer = await lookUpCode(
    presentationId,
    code,
    main.map((seat) => seat.ticket?.ticketId ?? 0),
    locale,
  )
  if (answer._tag === "Failed" || answer._tag === "Limited") return refused("orderSteps.codes.failed")
  if (answer._tag === "Refused") return refused(`orderSteps.codes.${answer.msg}`)
  const value = answer.value

  switch (value.kind) {
    case "discount": {
      const rule = value.discount
      const events = main.flatMap((seat) => {
        const ticket = seat.ticket
        if (ticket === null || ticket.discountId !== null || ticket.systemVoucher !== null) return []
        if (!isDiscountApplicable(rule, ticket.ticketId)) return []
        const base = ticket.oldPrice ?? ticket.price
        const priced = applyDiscount(rule, base)
        return [
          chosen(presentationId, seat, {
            ...ticket,
            price: agorot(priced.price),
            oldPrice: agorot(base),
            appliedDiscount: agorot(priced.appliedDiscount),
            discountId: rule.discountId,
            code: rule.code,
          }),
        ]
      })
      if (events.length === 0) return refused("orderSteps.codes.couponNoneApplicable")
      return {
        ok: true,
        events,
        unlockedGroup: null,
        message: { key: "orderSteps.tickets.codeApplied", params: { code: rule.code, n: events.length } },
      }
    }
    case "ticketVoucher": {
      const free = main.filter((seat) => seat.ticket?.systemVoucher === null)
      const events = free.slice(0, value.ticketsLeft).flatMap((seat) => {
        const ticket = seat.ticket
        if (ticket === null) return []
        const base = ticket.oldPrice ?? ticket.price
        return [
          chosen(presentationId, seat, {
            ...ticket,
            price: agorot(0),
            oldPrice: agorot(base),
            appliedDiscount: agorot(base),
            discountId: null,
            systemVoucher: value.reference,
            code: value.reference,
          }),
        ]
      })
      if (events.length === 0) return refused("orderSteps.codes.couponNoneApplicable")
      return {
        ok: true,
        events,
        unlockedGroup: null,
        message: {
          key: "orderSteps.tickets.voucherApplied",
          params: { code: value.reference, n: events.length },
        },
      }
    }
    case "moneyVoucher":
      return {
        ok: true,
        events: [],
        unlockedGroup: null,
        message: {
          key: "orderSteps.tickets.moneyVoucher",
          params: { code: value.reference, amount: formatMoney(value.balance, locale) },
        },
      }
    case "ticketGroup": {
      const group = detail.ticketGroups.find((candidate) => candidate.id === value.ticketGroupId)
      return {
        ok: true,
        events: [],
        unlockedGroup: value.ticketGroupId,
        message: { key: "orderSteps.tickets.groupUnlocked", params: { code, group: group?.name ?? "" } },
      }
    }
  }
}
