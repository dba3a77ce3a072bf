import type { AreaTicket } from "../../../api/CustomerAreaApi.ts"
import type { Translate } from "../../i18n/useI18n.ts"

/** "Row 4, seat 7" where the hall is reserved seating; the section's name where it is not. */
export const seatText = (ticket: AreaTicket, t: Translate): string =>
  ticket.RowName !== null && ticket.SeatName !== null
    ? t("customerArea.reservation.seat", { row: ticket.RowName, seat: ticket.SeatName })
    : ticket.sectionName
