import type { Confirmation, ConfirmationItem } from "../../api/ReservationsApi.ts"

/**
 * What an order's confirmation offers besides what it bought (issue 16). A ticket order (and a season enrolment,
 * whose tickets are sold tickets) shows its code for the entrance, links its e-tickets and sends them by SMS; food
 * alone is collected at the cinema's counter with its code. Vouchers (each code has its own page), a donation, a
 * membership (its member number) and a video-on-demand title (watched from the customer area) have no code to show
 * anywhere and no tickets to send: they link the order's page only.
 */
export interface ConfirmationOffers {
  /** the caption of the order's code, or no code at all */
  readonly qrCaption: "payment.confirmation.qr" | "payment.confirmation.qrCounter" | null
  /** the label of the link to the order's e-document */
  readonly documentLink: "payment.confirmation.eTicket" | "payment.confirmation.orderDocument"
  /** whether "Send tickets by SMS" is offered */
  readonly sendTickets: boolean
}

const TICKETS: ConfirmationOffers = {
  qrCaption: "payment.confirmation.qr",
  documentLink: "payment.confirmation.eTicket",
  sendTickets: true,
}

const NOTHING_TO_SHOW: ConfirmationOffers = {
  qrCaption: null,
  documentLink: "payment.confirmation.orderDocument",
  sendTickets: false,
}

export const confirmationOffersOf = (orderKind: Confirmation["orderKind"]): ConfirmationOffers => {
  switch (orderKind) {
    // an e-document saved before orders had kinds was a ticket order
    case undefined:
    case "tickets":
    case "enrolment":
      return TICKETS
    case "products":
      return { ...NOTHING_TO_SHOW, qrCaption: "payment.confirmation.qrCounter" }
    case "vouchers":
    case "donations":
    case "memberships":
    case "vod":
      return NOTHING_TO_SHOW
  }
}

/**
 * Whether "Send tickets by SMS" is offered now: for an order whose kind sends tickets, while one of its tickets can
 * still be used at the door: not cancelled, not scanned already, not past its show (a ticket collected at the box
 * office keeps its pass, as its e-document shows). Otherwise a message would carry passes nobody can use (an
 * e-document of a past show offered it).
 */
export const offersToSendTickets = (confirmation: Pick<Confirmation, "orderKind" | "tickets">): boolean =>
  confirmationOffersOf(confirmation.orderKind).sendTickets &&
  confirmation.tickets.some(
    (ticket) => ticket.state !== "cancelled" && ticket.state !== "scanned" && ticket.state !== "expired",
  )

/** What heads what an order's line issued: a membership issues its member number, vouchers their codes. */
export const issuedLabelOf = (
  kind: ConfirmationItem["kind"],
): "payment.confirmation.issued" | "payment.confirmation.issuedMember" =>
  kind === "membership" ? "payment.confirmation.issuedMember" : "payment.confirmation.issued"
