import { useEffect, useMemo, useRef, useState } from "react"
import type { Seatplan } from "../../api/SeatsApi.ts"
import type { MessageKey } from "../i18n/dictionaries.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { placeKey, type SeatItem, type SectionItem } from "../order/seatRows.ts"
import { createSeatMap, type SeatMap, SeatMapUnavailable } from "./createSeatMap.ts"
import { SEAT_COLORS, SEAT_STATUS } from "./palette.ts"

/** Palette entry → legend label (the list's labels where they mean the same). */
const MAP_LEGEND: ReadonlyArray<readonly [keyof typeof SEAT_COLORS, MessageKey]> = [
  ["available", "order.legend.free"],
  ["mine", "order.legend.mine"],
  ["taken", "order.legend.taken"],
  ["singleSeatBlock", "order.legend.singleSeatBlock"],
  ["wheelchair", "order.legend.wheelchair"],
  ["premium", "order.legend.premium"],
]

import "./seatmap.css"

type Props = {
  readonly plan: Seatplan["seatplan"]
  readonly sections: ReadonlyArray<SectionItem>
  readonly t: Translate
  readonly onPick: (item: SeatItem) => void
}

/**
 * Mounts the WebGL seat map above the seat list. The canvas is hidden from assistive technology: the list is
 * the accessible view of the same seats, and a click on the map goes to the list's own handler. Without WebGL
 * nothing is shown here.
 */
export const SeatMapView = ({ plan, sections, t, onPick }: Props) => {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const mapRef = useRef<SeatMap | null>(null)
  const [unavailable, setUnavailable] = useState(false)

  // the seats the list shows (reserved sections), in a fixed order: a seat's index is its place in this array
  const seats = useMemo(() => {
    const reserved = new Set(
      plan.sections.filter((section) => section.isReserved).map((section) => section.id),
    )
    return plan.seats.filter((seat) => reserved.has(seat.VenueSectionId))
  }, [plan])

  const items = useMemo(() => {
    const byKey = new Map<string, SeatItem>()
    for (const section of sections)
      for (const row of section.rows) for (const item of row.seats) byKey.set(item.key, item)
    return byKey
  }, [sections])

  const latest = useRef({ items, onPick, seats })
  latest.current = { items, onPick, seats }

  useEffect(() => {
    const canvas = canvasRef.current
    if (canvas === null) return
    let map: SeatMap
    try {
      map = createSeatMap(canvas)
    } catch (error) {
      if (error instanceof SeatMapUnavailable) {
        setUnavailable(true)
        return
      }
      throw error
    }
    mapRef.current = map
    const stop = map.onPick((index) => {
      const { items, onPick, seats } = latest.current
      const seat = seats[index]
      if (seat === undefined) return
      const item = items.get(
        placeKey({ VenueSectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }),
      )
      if (item !== undefined) onPick(item)
    })
    return () => {
      stop()
      map.destroy()
      mapRef.current = null
    }
  }, [])

  useEffect(() => {
    mapRef.current?.setSeatplan(seats)
  }, [seats])

  useEffect(() => {
    const map = mapRef.current
    if (map === null) return
    const statuses = new Uint8Array(seats.length)
    const selection: Array<number> = []
    seats.forEach((seat, index) => {
      const item = items.get(
        placeKey({ VenueSectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }),
      )
      if (item === undefined) return
      if (item.state === "mine" || item.state === "pending") selection.push(index)
      else if (item.state === "taken") statuses[index] = SEAT_STATUS.taken
      else if (item.state === "singleSeatBlock") statuses[index] = SEAT_STATUS.singleSeatBlock
    })
    map.setStatuses(statuses)
    map.setSelection(selection)
  }, [seats, items])

  if (unavailable) return null
  return (
    <div className="seat-map">
      {/* the map's own key, drawn from the same colours the GPU uses, so the two can never disagree */}
      <ul className="seat-map__legend" aria-label={t("order.legend.mapTitle")}>
        {MAP_LEGEND.map(([color, label]) => (
          <li key={label} className="seat-map__legend-item">
            <span
              className="seat-map__swatch"
              style={{ background: `rgb(${SEAT_COLORS[color].join(" ")})` }}
            />
            {t(label)}
          </li>
        ))}
      </ul>
      <div className="seat-map__screen" aria-hidden="true">
        {t("order.screen")}
      </div>
      <div className="seat-map__frame" aria-hidden="true">
        <canvas ref={canvasRef} className="seat-map__canvas" data-testid="seat-map" />
      </div>
      <div className="seat-map__controls">
        <button type="button" className="seat-map__button" onClick={() => mapRef.current?.zoomIn()}>
          {t("order.map.zoomIn")}
        </button>
        <button type="button" className="seat-map__button" onClick={() => mapRef.current?.zoomOut()}>
          {t("order.map.zoomOut")}
        </button>
        <button type="button" className="seat-map__button" onClick={() => mapRef.current?.reset()}>
          {t("order.map.reset")}
        </button>
      </div>
    </div>
  )
}
