import type { Translate } from "../i18n/useI18n.ts"
import type { SeatItem, SectionItem } from "./seatRows.ts"

type Props = {
  readonly sections: ReadonlyArray<SectionItem>
  readonly t: Translate
  readonly onPick: (item: SeatItem) => void
}

/**
 * The accessible seat list: one real button per seat, rows in hall order. The seat strip keeps the hall's own
 * left-to-right order in every language (the seat on the left is on the left when facing the screen), so it
 * matches the seat map that will draw the same seats.
 */
export const SeatList = ({ sections, t, onPick }: Props) => (
  <div className="seat-list">
    <p className="seat-list__screen" aria-hidden="true">
      {t("order.screen")}
    </p>
    {sections.map((section) => (
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
                    <SeatButton item={item} t={t} onPick={onPick} />
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

const SeatButton = ({
  item,
  t,
  onPick,
}: {
  readonly item: SeatItem
  readonly t: Translate
  readonly onPick: (item: SeatItem) => void
}) => {
  const { seat, state } = item
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
      aria-pressed={state === "mine" || state === "pending"}
      aria-busy={state === "pending" ? true : undefined}
      title={state === "singleSeatBlock" ? t("order.singleSeatHint") : undefined}
      disabled={state === "taken"}
      onClick={() => onPick(item)}
    >
      {seat.SeatName}
    </button>
  )
}
