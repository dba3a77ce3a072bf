/**
 * Booking fees beyond each ticket's own service charge (spec §3 Reservation "service charge (name, amount or
 * percent, per ticket or total)", §9 default label 'דמי טיפול'): a location's fee, a fixed amount or basis points
 * of the tickets' price, once per order or once per ticket. Integer agorot, percentages rounded half up.
 */

export interface ChargeRule {
  readonly id: number
  readonly name: string
  readonly amount: number | null
  readonly percentBasisPoints: number | null
  readonly appliesPer: "ticket" | "order"
}

export interface ChargeLine {
  readonly id: number
  readonly name: string
  readonly amount: number
}

const percentOf = (agorot: number, basisPoints: number): number =>
  Math.floor((agorot * basisPoints + 5000) / 10000)

/** `ticketsTotal`: what the tickets cost (after discounts); `ticketCount`: seat lines that carry a price. */
export const bookingCharges = (
  rules: ReadonlyArray<ChargeRule>,
  ticketsTotal: number,
  ticketCount: number,
): ReadonlyArray<ChargeLine> =>
  ticketCount === 0
    ? []
    : rules.map((rule) => {
        const amount =
          rule.amount !== null
            ? rule.appliesPer === "ticket"
              ? rule.amount * ticketCount
              : rule.amount
            : percentOf(ticketsTotal, rule.percentBasisPoints ?? 0)
        return { id: rule.id, name: rule.name, amount }
      })
