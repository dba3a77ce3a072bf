import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react"
import type { TicketGroup } from "../../api/PresentationEntities.ts"
import type { Seatplan } from "../../api/SeatsApi.ts"
import { placeKeyOfSeat } from "../../domain/seating/seatKeys.ts"
import type { MessageKey } from "../i18n/dictionaries.ts"
import { formatMoney } from "../i18n/format.ts"
import { type Translate, useLocale } from "../i18n/useI18n.ts"
import { createSeatMap } from "./createSeatMap.ts"
import { SEAT_COLORS, SEAT_STATUS } from "./palette.ts"
import { SEAT_KIND_LABEL, SEAT_STATE_LABEL, seatKinds } from "./seatDescription.ts"
import { type SeatHover, type SeatMap, SeatMapUnavailable } from "./seatMapContract.ts"
import { lowestPrice } from "./seatPrice.ts"
import type { SeatItem, SectionItem } from "./seatRows.ts"
import { tooltipLeft } from "./tooltipPlacement.ts"

/** Palette entry → legend label (the list's labels where they mean the same). */
const MAP_LEGEND: ReadonlyArray<readonly [keyof typeof SEAT_COLORS, MessageKey]> = [
  ["available", "order.legend.free"],
  ["mine", "order.legend.mine"],
  ["taken", "order.legend.taken"],
  ["singleSeatBlock", "order.legend.singleSeatBlock"],
  ["wheelchair", "order.legend.wheelchair"],
  ["companion", "seatMapExtra.companion"],
  ["limitedView", "seatMapExtra.limitedView"],
  ["premium", "order.legend.premium"],
]

import "./seatmap.css"

type Props = {
  readonly plan: Seatplan["seatplan"]
  readonly sections: ReadonlyArray<SectionItem>
  /** the presentation's ticket groups, for each seat's lowest price (undefined until the page has them) */
  readonly ticketGroups: ReadonlyArray<TicketGroup> | undefined
  readonly t: Translate
  readonly onPick: (item: SeatItem) => void
}

/**
 * Mounts the seat map above the seat list. The list is the accessible view of the same seats (a click on the
 * map goes to the list's own handler); the canvas is one labelled image that keyboard users can still move and
 * zoom. Hover (or a long press on touch) shows the seat's row, number, section, state and lowest price, from
 * the presentation's ticket groups the page has already loaded. Without WebGL the map draws with Canvas 2D;
 * only without either is nothing shown here.
 */
export const SeatMapView = ({ plan, sections, ticketGroups, t, onPick }: Props) => {
  const locale = useLocale()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const labelsRef = useRef<HTMLCanvasElement>(null)
  const viewportRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<SeatMap | null>(null)
  const [unavailable, setUnavailable] = useState(false)
  const [hover, setHover] = useState<SeatHover | null>(null)

  // the seats the list shows (reserved sections), in a fixed order: a seat's index is its place in this array
  const seats = useMemo(() => {
    const reserved = new Set(
      plan.sections.filter((section) => section.isReserved).map((section) => section.id),
    )
    return plan.seats.filter((seat) => reserved.has(seat.VenueSectionId))
  }, [plan])
  const sectionNames = useMemo(
    () => new Map(plan.sections.filter((section) => section.isReserved).map((s) => [s.id, s.name])),
    [plan],
  )

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
      map = createSeatMap(canvas, {
        labels: labelsRef.current ?? undefined,
        frame: viewportRef.current ?? undefined,
        // the hall is in hand at mount: a small one is drawn by Canvas 2D, a large one by WebGL
        seatCount: latest.current.seats.length,
      })
    } catch (error) {
      if (error instanceof SeatMapUnavailable) {
        setUnavailable(true)
        return
      }
      throw error
    }
    mapRef.current = map
    const stopPick = map.onPick((index) => {
      const { items, onPick, seats } = latest.current
      const seat = seats[index]
      if (seat === undefined) return
      const item = items.get(placeKeyOfSeat(seat))
      if (item !== undefined) onPick(item)
    })
    const stopHover = map.onHover(setHover)
    return () => {
      stopPick()
      stopHover()
      map.destroy()
      mapRef.current = null
    }
  }, [])

  useEffect(() => {
    mapRef.current?.setSeatplan(seats, sectionNames)
  }, [seats, sectionNames])

  useEffect(() => {
    const map = mapRef.current
    if (map === null) return
    const statuses = new Uint8Array(seats.length)
    const selection: Array<number> = []
    seats.forEach((seat, index) => {
      const item = items.get(placeKeyOfSeat(seat))
      if (item === undefined) return
      if (item.state === "mine" || item.state === "pending") selection.push(index)
      else if (item.state === "taken") statuses[index] = SEAT_STATUS.taken
      else if (item.state === "singleSeatBlock") statuses[index] = SEAT_STATUS.singleSeatBlock
    })
    map.setStatuses(statuses)
    map.setSelection(selection)
  }, [seats, items])

  const tooltip = useMemo(() => {
    const seat = hover === null ? undefined : seats[hover.index]
    if (hover === null || seat === undefined) return null
    const item = items.get(placeKeyOfSeat(seat))
    const section = plan.sections.find((candidate) => candidate.id === seat.VenueSectionId)
    const price = ticketGroups === undefined ? undefined : lowestPrice(ticketGroups, seat)
    const kinds = seatKinds(seat).map((kind) => SEAT_KIND_LABEL[kind])
    return {
      at: hover,
      lines: [
        t("seatMapExtra.seatName", { row: seat.RowName, seat: seat.SeatName }),
        section?.name,
        [item === undefined ? undefined : t(SEAT_STATE_LABEL[item.state]), ...kinds.map((kind) => t(kind))]
          .filter((part) => part !== undefined)
          .join(" · "),
        price === undefined ? undefined : t("seatMapExtra.priceFrom", { price: formatMoney(price, locale) }),
      ].filter((line): line is string => line !== undefined && line !== ""),
    }
  }, [hover, seats, items, plan.sections, ticketGroups, t, locale])

  // centred on the seat but kept inside the frame, measured before it is painted
  const tooltipRef = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = tooltipRef.current
    if (tooltip === null || element === null) return
    const frameWidth = element.parentElement?.clientWidth ?? 0
    element.style.left = `${tooltipLeft(tooltip.at.x, element.offsetWidth, frameWidth)}px`
  }, [tooltip])

  if (unavailable) return null
  return (
    <div className="seat-map">
      {/* the map's own key, drawn from the same colours the painters use, so the two can never disagree */}
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
      <div className="seat-map__frame">
        {/* the window the map is seen through: it takes the input and clips the canvases, which the map sizes
            and moves (a drag moves them, see panSurface.ts); the focus ring is drawn on it */}
        <div ref={viewportRef} className="seat-map__viewport" data-testid="seat-map">
          <canvas
            ref={canvasRef}
            className="seat-map__canvas"
            role="img"
            aria-label={t("seatMapExtra.canvasLabel")}
            tabIndex={0}
          />
          <canvas ref={labelsRef} className="seat-map__labels" />
        </div>
        {tooltip === null ? null : (
          <div
            ref={tooltipRef}
            className="seat-map__tooltip"
            data-testid="seat-map-tooltip"
            aria-hidden="true"
            // hall coordinates are physical (the hall is never mirrored), so the tooltip uses left/top; its left
            // edge is set when it is measured (above)
            style={{ top: `${tooltip.at.y}px` }}
          >
            {tooltip.lines.map((line) => (
              <span key={line} className="seat-map__tooltip-line">
                {line}
              </span>
            ))}
          </div>
        )}
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
