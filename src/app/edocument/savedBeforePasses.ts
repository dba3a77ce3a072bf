import type { Confirmation } from "../../api/ReservationsApi.ts"

/**
 * Whether this is a copy saved before tickets carried signed passes: a ticket that still admits and has no pass.
 * Only such a copy shows the order's old unsigned code; an order whose tickets are all cancelled shows no code.
 */
export const savedBeforePasses = (confirmation: Confirmation): boolean =>
  confirmation.tickets.some((ticket) => ticket.state !== "cancelled" && ticket.pass === undefined)
