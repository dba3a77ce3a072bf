import { withArabic } from "./arabic.ts"
import type { Row } from "./commerce.ts"
import type { Text } from "./localText.ts"
import { HEAD_OFFICE_ID, STREAMING_LOCATION_ID } from "./locations.ts"

const t = (he: string, en: string, ru: string): Text => withArabic({ he, en, ru })

const channelNames: Record<string, Text> = {
  web: t("אתר", "Website", "Сайт"),
  mobile: t("אפליקציה", "Mobile app", "Приложение"),
  box_office: t("קופה", "Box office", "Касса"),
  kiosk: t("עמדה עצמית", "Self-service kiosk", "Терминал самообслуживания"),
  call_center: t("מוקד טלפוני", "Call centre", "Колл-центр"),
}

/** Points of sale with the share of each location's orders they take (weights, per location). */
export const pointsOfSale = (locationIds: ReadonlyArray<number>) =>
  locationIds.flatMap((location) => {
    const channels: ReadonlyArray<readonly [string, number]> =
      location === HEAD_OFFICE_ID
        ? // the chain's own online shop sells vouchers, donations and memberships (src/server/payment/itemOrders)
          [
            ["call_center", 0],
            ["web", 0],
          ]
        : location === STREAMING_LOCATION_ID
          ? [
              ["web", 70],
              ["mobile", 30],
            ]
          : [
              ["web", 42],
              ["mobile", 20],
              ["box_office", 28],
              ["kiosk", 10],
            ]
    return channels.map(([channel, weight], i) => ({
      id: location * 10 + i + 1,
      location_id: location,
      name: channelNames[channel]!,
      channel,
      weight,
    }))
  })

/** Like {@link ticketMix}, for choosing a reservation's point of sale within its location. */
export const pointOfSaleMix = (pos: ReturnType<typeof pointsOfSale>): ReadonlyArray<Row> => {
  const rows: Array<Row> = []
  for (const location of new Set(pos.map((p) => p.location_id))) {
    const here = pos.filter((p) => p.location_id === location && p.weight > 0)
    const total = here.reduce((sum, p) => sum + p.weight, 0)
    let lo = 0
    here.forEach((p, i) => {
      const hi = i === here.length - 1 ? 1000 : lo + Math.round((p.weight / total) * 1000)
      rows.push({ location_id: location, point_of_sale_id: p.id, channel: p.channel, lo, hi })
      lo = hi
    })
  }
  return rows
}
