import type { ConfirmationTicket } from "../../api/ReservationsApi.ts"
import type { Translate } from "../i18n/useI18n.ts"

/** Where a confirmed ticket sits, as the confirmation and the e-ticket say it: section, row and seat, or the area. */
export const ticketPlaceText = (
  ticket: Pick<typeof ConfirmationTicket.Type, "sectionName" | "RowName" | "SeatName">,
  t: Translate,
): string =>
  ticket.RowName !== null && ticket.SeatName !== null
    ? t("payment.confirmation.seat", {
        section: ticket.sectionName,
        row: ticket.RowName,
        seat: ticket.SeatName,
      })
    : t("payment.confirmation.section", { section: ticket.sectionName })
