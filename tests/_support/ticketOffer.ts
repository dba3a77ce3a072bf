import type { Ticket } from "../../src/api/PresentationEntities.ts"

/** A ticket type as a presentation's detail lists it: ₪47 with a ₪5 service charge unless `extra` says so. */
export const ticketOffer = (id: number, extra: Partial<Ticket> = {}): Ticket => ({
  id,
  ticketId: id,
  name: `T${id}`,
  price: 4700,
  serviceCharge: 500,
  pricePolicyId: 1,
  multiplyFactor: 1,
  isMemberOnly: false,
  requiresReference: false,
  isSenior: false,
  includes3DGlasses: false,
  minPerOrder: 0,
  maxPerOrder: null,
  requiresTicketId: null,
  ...extra,
})
