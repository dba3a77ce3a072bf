import type { Temporal } from "@js-temporal/polyfill"
import { formatDate, weekdayName } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"

type Props = {
  readonly days: ReadonlyArray<Temporal.PlainDate>
  readonly selected: Temporal.PlainDate
  readonly today: Temporal.PlainDate
  readonly locale: LocaleCode
  readonly onSelect: (date: string) => void
}

/**
 * The days that have showings, one button each; the list below shows the chosen day alone (issue 19: the whole
 * fortnight at once was ~150,000 px on a phone and a long task of 1–3 s). A row that scrolls sideways on a phone.
 */
export const DayStrip = ({ days, selected, today, locale, onSelect }: Props) => {
  const t = useT()
  return (
    <nav className="day-strip" aria-label={t("whatsOn.days")}>
      <ul className="day-strip__days">
        {days.map((date) => {
          const key = date.toString()
          const offset = date.since(today).days
          const name =
            offset === 0
              ? t("whatsOn.today")
              : offset === 1
                ? t("whatsOn.tomorrow")
                : weekdayName(date.dayOfWeek, locale)
          const current = date.equals(selected)
          return (
            <li key={key}>
              <button
                type="button"
                className="day-strip__day"
                aria-pressed={current}
                data-date={key}
                onClick={() => onSelect(key)}
              >
                <span className="day-strip__name">{name}</span>
                <span className="day-strip__date">{formatDate(date).slice(0, 5)}</span>
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
