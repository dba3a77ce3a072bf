import { Context, Effect, Layer } from "effect"
import type { Confirmation } from "../../api/ReservationsApi.ts"
import { makePass, passWindow } from "../../domain/edocument/ticketPass.ts"
import { TicketSigningKeys } from "./TicketSigningKeys.ts"

/**
 * Puts a signed pass (src/domain/edocument/ticketPass.ts) on each ticket of a confirmation, for its QR code.
 * A cancelled ticket gets none: its old pass, if a phone kept one, is refused by the revocation list. The pass
 * depends only on the ticket, its show and the active key, so asking again gives the same text until a rotation.
 */
export class TicketPasses extends Context.Service<
  TicketPasses,
  { readonly withPasses: <C extends Confirmation>(confirmation: C) => Effect.Effect<C> }
>()("marquee/edocuments/TicketPasses") {
  static readonly layer = Layer.effect(
    TicketPasses,
    Effect.gen(function* () {
      const keys = yield* TicketSigningKeys
      const withPasses = <C extends Confirmation>(confirmation: C) =>
        Effect.gen(function* () {
          const { presentation } = confirmation
          // only a ticket order has a showing and tickets to admit
          if (presentation === null) return confirmation
          const key = yield* keys.active
          const window = passWindow(Date.parse(presentation.dateTime), presentation.durationMinutes)
          const tickets = confirmation.tickets.map((ticket) =>
            ticket.state === "cancelled"
              ? ticket
              : {
                  ...ticket,
                  pass: makePass(
                    {
                      kid: key.kid,
                      reservation: confirmation.reservationIdentifier,
                      ticket: ticket.ticketIdentifier,
                      presentation: presentation.id,
                      row: ticket.RowName,
                      seat: ticket.SeatName,
                      ...window,
                    },
                    key.sign,
                  ),
                },
          )
          return { ...confirmation, tickets }
        }).pipe(Effect.withSpan("TicketPasses.withPasses"))
      return TicketPasses.of({ withPasses })
    }),
  ).pipe(Layer.provide(TicketSigningKeys.layer))
}
