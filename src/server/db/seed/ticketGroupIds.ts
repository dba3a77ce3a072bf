/** Ticket group ids shared by the seat layouts (seat defaults) and the price lists. */
export const TICKET_GROUP = {
  standard: 1,
  standard3d: 2,
  vipSofa: 3,
  vipBed: 4,
  premium: 5,
  largeFormat: 6,
  largeFormat3d: 7,
  openAir: 8,
  eventStanding: 9,
  eventBalcony: 10,
  vod: 11,
} as const
