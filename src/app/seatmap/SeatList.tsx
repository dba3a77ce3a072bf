import { type KeyboardEvent, useDeferredValue, useMemo, useRef, useState } from "react"
import type { TicketGroup } from "../../api/PresentationEntities.ts"
import { formatMoney } from "../i18n/format.ts"
import { type Translate, useLocale } from "../i18n/useI18n.ts"
import { SectionChooser } from "./SectionChooser.tsx"
import { SEAT_KIND_LABEL, SEAT_STATE_LABEL, type SeatKind, seatKinds } from "./seatDescription.ts"
import { firstSeatKey, seatKeyAfter } from "./seatGridNavigation.ts"
import { lowestPrice } from "./seatPrice.ts"
import type { SeatItem, SeatState, SectionItem } from "./seatRows.ts"
import { listsOneSectionAtATime, useShownSection } from "./shownSection.ts"
import "./seatList.css"

type Props = {
  readonly sections: ReadonlyArray<SectionItem>
  /** the presentation's ticket groups, for each seat's lowest price */
  readonly ticketGroups: ReadonlyArray<TicketGroup>
  readonly t: Translate
  readonly onPick: (item: SeatItem) => void
}

/** ids of the hidden texts the seats' descriptions point at (one list per page) */
const stateId = (state: SeatState) => `seat-d-${state}`
const kindId = (kind: SeatKind) => `seat-d-${kind}`
const priceId = (agorot: number) => `seat-d-p${agorot}`
/** what the list draws before its first background render */
const NO_SECTIONS: ReadonlyArray<SectionItem> = []

/**
 * The accessible seat list: one real button per seat, rows in hall order. The seat strip keeps the hall's own
 * left-to-right order in every language (the seat on the left is on the left when facing the screen), so it
 * matches the seat map that draws the same seats.
 *
 * The whole hall is one tab stop; the arrow keys, Home and End move through it (seatGridNavigation.ts). A seat's
 * name is its row and number; its description says its state, its kinds (wheelchair, companion, limited view,
 * premium) and its lowest price, from texts written once per list and pointed at by `aria-describedby`. Taken
 * seats stay focusable (`aria-disabled`) so that they are announced, not skipped. A hall of stadium size lists one
 * section at a time, chosen above the list (shownSection.ts).
 */
export const SeatList = ({ sections: hall, ticketGroups, t, onPick }: Props) => {
  const locale = useLocale()
  const oneAtATime = listsOneSectionAtATime(hall)
  const { shown, choose } = useShownSection(hall)
  const sections = useMemo(
    () => (oneAtATime ? hall.filter((section) => section.id === shown) : hall),
    [hall, oneAtATime, shown],
  )
  // the seats' buttons (about a thousand elements in the demo's larger halls) are drawn in a background render that
  // React slices between frames, not in one long task on the seat step's first load (issue 17, Lighthouse's TBT):
  // the map and the rest of the screen show first; a change of the seats' states follows the same way
  const drawn = useDeferredValue(sections, NO_SECTIONS)
  const listRef = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState<string | undefined>(undefined)
  const prices = useMemo(() => {
    const byKey = new Map<string, number>()
    for (const section of hall)
      for (const row of section.rows)
        for (const item of row.seats) {
          const price = lowestPrice(ticketGroups, item.seat)
          if (price !== undefined) byKey.set(item.key, price)
        }
    return byKey
  }, [hall, ticketGroups])
  const tabStop = useMemo(() => {
    const known = sections.some((section) =>
      section.rows.some((row) => row.seats.some((item) => item.key === active)),
    )
    return known ? active : firstSeatKey(sections)
  }, [sections, active])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = event.target instanceof HTMLElement ? event.target.dataset.place : undefined
    if (from === undefined || event.altKey || event.ctrlKey || event.metaKey) return
    const next = seatKeyAfter(sections, from, event.key)
    if (next === undefined) return
    event.preventDefault()
    setActive(next)
    listRef.current?.querySelector<HTMLElement>(`[data-place="${next}"]`)?.focus()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys go to the focused seat button; the list only routes them (roving focus)
    <div className="seat-list" ref={listRef} onKeyDown={onKeyDown}>
      {oneAtATime && shown !== undefined ? (
        <SectionChooser sections={hall} shown={shown} t={t} onChoose={choose} />
      ) : null}
      <p className="seat-list__screen" aria-hidden="true">
        {t("order.screen")}
      </p>
      <div hidden>
        {(Object.keys(SEAT_STATE_LABEL) as Array<SeatState>).map((state) => (
          <span key={state} id={stateId(state)}>
            {t(SEAT_STATE_LABEL[state])}
          </span>
        ))}
        {(Object.keys(SEAT_KIND_LABEL) as Array<SeatKind>).map((kind) => (
          <span key={kind} id={kindId(kind)}>
            {t(SEAT_KIND_LABEL[kind])}
          </span>
        ))}
        {[...new Set(prices.values())].map((agorot) => (
          <span key={agorot} id={priceId(agorot)}>
            {t("seatMapExtra.priceFrom", { price: formatMoney(agorot, locale) })}
          </span>
        ))}
      </div>
      {drawn.map((section) => (
        <section key={section.id} className="seat-section" aria-labelledby={`section-${section.id}`}>
          <h2 id={`section-${section.id}`} className="seat-section__title">
            {section.name}
          </h2>
          <ul className="seat-rows">
            {section.rows.map((row) => (
              <li key={row.key} className="seat-row">
                <span className="seat-row__name">{t("order.row", { row: row.name })}</span>
                <ul className="seat-row__seats" dir="ltr">
                  {row.seats.map((item) => (
                    <li key={item.key}>
                      <SeatButton
                        item={item}
                        price={prices.get(item.key)}
                        tabbable={item.key === tabStop}
                        t={t}
                        onFocus={() => setActive(item.key)}
                        onPick={onPick}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

const SeatButton = ({
  item,
  price,
  tabbable,
  t,
  onFocus,
  onPick,
}: {
  readonly item: SeatItem
  readonly price: number | undefined
  readonly tabbable: boolean
  readonly t: Translate
  readonly onFocus: () => void
  readonly onPick: (item: SeatItem) => void
}) => {
  const { seat, state } = item
  const taken = state === "taken"
  const described = [
    stateId(state),
    ...seatKinds(seat).map(kindId),
    ...(price === undefined || taken ? [] : [priceId(price)]),
  ]
  return (
    <button
      type="button"
      className="seat"
      data-state={state}
      data-testid="seat"
      data-row={seat.RowName}
      data-seat={seat.SeatName}
      data-place={item.key}
      aria-label={t("order.seat", { row: seat.RowName, seat: seat.SeatName })}
      aria-describedby={described.join(" ")}
      aria-pressed={state === "mine" || state === "pending"}
      aria-busy={state === "pending" ? true : undefined}
      aria-disabled={taken ? true : undefined}
      tabIndex={tabbable ? 0 : -1}
      title={state === "singleSeatBlock" ? t("order.singleSeatHint") : undefined}
      onFocus={onFocus}
      onClick={() => {
        if (!taken) onPick(item)
      }}
    >
      {seat.SeatName}
    </button>
  )
}
