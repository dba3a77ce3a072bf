import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
} from "react"
import type { TicketGroup } from "../../api/PresentationEntities.ts"
import { formatMoney } from "../i18n/format.ts"
import { type Translate, useLocale } from "../i18n/useI18n.ts"
import { SectionChooser } from "./SectionChooser.tsx"
import { SEAT_KIND_LABEL, SEAT_STATE_LABEL, type SeatKind, seatKinds } from "./seatDescription.ts"
import { firstSeatKey, seatKeyAfter } from "./seatGridNavigation.ts"
import { lowestPrice } from "./seatPrice.ts"
import type { RowItem, SeatItem, SeatState, SectionItem } from "./seatRows.ts"
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

/** The seat a click or focus inside the list landed on, by its place key. */
const placeOf = (target: EventTarget): string | undefined =>
  target instanceof HTMLElement ? target.dataset.place : undefined

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
 *
 * Cost (issue 17, about a thousand buttons in the demo's larger halls): the buttons are drawn in a background
 * render that React slices between frames (`useDeferredValue`), each row is a memoized component that draws again
 * only when one of its seats changes (a held seat or fresh statuses redraw a row or two, not the hall), clicks and
 * focus are handled once on the list (no handler per seat), and a row off the screen skips style, layout and paint
 * (`content-visibility: auto` in seatList.css).
 */
export const SeatList = ({ sections: hall, ticketGroups, t, onPick }: Props) => {
  const locale = useLocale()
  const oneAtATime = listsOneSectionAtATime(hall)
  const { shown, choose } = useShownSection(hall)
  const sections = useMemo(
    () => (oneAtATime ? hall.filter((section) => section.id === shown) : hall),
    [hall, oneAtATime, shown],
  )
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
  const drawnSeats = useMemo(() => {
    const byKey = new Map<string, { readonly item: SeatItem; readonly row: string }>()
    for (const section of drawn)
      for (const row of section.rows)
        for (const item of row.seats) byKey.set(item.key, { item, row: row.key })
    return byKey
  }, [drawn])
  const tabStop = useMemo(() => {
    const known = sections.some((section) =>
      section.rows.some((row) => row.seats.some((item) => item.key === active)),
    )
    return known ? active : firstSeatKey(sections)
  }, [sections, active])
  const tabRow = tabStop === undefined ? undefined : drawnSeats.get(tabStop)?.row

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = placeOf(event.target)
    if (from === undefined || event.altKey || event.ctrlKey || event.metaKey) return
    const next = seatKeyAfter(sections, from, event.key)
    if (next === undefined) return
    event.preventDefault()
    setActive(next)
    listRef.current?.querySelector<HTMLElement>(`[data-place="${next}"]`)?.focus()
  }
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const place = placeOf(event.target)
    if (place !== undefined) setActive(place)
  }
  // a disabled fieldset around the list (the cart still opening) sends no click from its buttons
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const place = placeOf(event.target)
    const item = place === undefined ? undefined : drawnSeats.get(place)?.item
    if (item !== undefined && item.state !== "taken") onPick(item)
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys, clicks and focus come from the seat buttons; the list only routes them (roving focus)
    <div className="seat-list" ref={listRef} onKeyDown={onKeyDown} onFocus={onFocus} onClick={onClick}>
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
              <SeatRow
                key={row.key}
                row={row}
                prices={prices}
                tabStop={row.key === tabRow ? tabStop : undefined}
                t={t}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

type RowProps = {
  readonly row: RowItem
  readonly prices: ReadonlyMap<string, number>
  /** the list's one tab stop, where it is in this row */
  readonly tabStop: string | undefined
  readonly t: Translate
}

/** A row draws again only when what it shows changed: the statuses' every answer builds new items, not new seats. */
const sameRow = (before: RowProps, after: RowProps): boolean => {
  if (before.tabStop !== after.tabStop || before.t !== after.t || before.row.name !== after.row.name)
    return false
  const a = before.row.seats
  const b = after.row.seats
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as SeatItem
    const y = b[i] as SeatItem
    if (x.seat !== y.seat || x.state !== y.state || x.key !== y.key) return false
    if (before.prices !== after.prices && before.prices.get(x.key) !== after.prices.get(y.key)) return false
  }
  return true
}

/** One row: its name, then its seats' buttons straight in the strip (no element of their own around each). */
const SeatRow = memo(function SeatRow({ row, prices, tabStop, t }: RowProps) {
  return (
    <li className="seat-row">
      <span className="seat-row__name" id={`seat-row-${row.key}`}>
        {t("order.row", { row: row.name })}
      </span>
      {/* a group named by its row: a screen reader says which row its seats are in (they have no list of their own) */}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's min-content width would stop the strip's own scrolling */}
      <div className="seat-row__seats" dir="ltr" role="group" aria-labelledby={`seat-row-${row.key}`}>
        {row.seats.map((item) => {
          const { seat, state, key } = item
          const taken = state === "taken"
          const price = taken ? undefined : prices.get(key)
          let described = stateId(state)
          for (const kind of seatKinds(seat)) described += ` ${kindId(kind)}`
          if (price !== undefined) described += ` ${priceId(price)}`
          return (
            <button
              key={key}
              type="button"
              className="seat"
              data-state={state}
              data-testid="seat"
              data-row={seat.RowName}
              data-seat={seat.SeatName}
              data-place={key}
              aria-label={t("order.seat", { row: seat.RowName, seat: seat.SeatName })}
              aria-describedby={described}
              aria-pressed={state === "mine" || state === "pending"}
              aria-busy={state === "pending" ? true : undefined}
              aria-disabled={taken ? true : undefined}
              tabIndex={key === tabStop ? 0 : -1}
              title={state === "singleSeatBlock" ? t("order.singleSeatHint") : undefined}
            >
              {seat.SeatName}
            </button>
          )
        })}
      </div>
    </li>
  )
}, sameRow)
