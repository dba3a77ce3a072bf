import type { OpeningHours } from "../../api/CinemasApi.ts"
import { weekdayName } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"

/** The data counts weekdays from Sunday = 0 as the Israeli week does; `weekdayName` takes ISO (Monday = 1). */
const dayName = (day: number, locale: LocaleCode): string => weekdayName(day === 0 ? 7 : day, locale)

/** A cinema's week: "Sunday – Thursday 10:00–01:00", one line per range, times left to right in every language. */
export const OpeningHoursList = ({
  hours,
  locale,
}: {
  readonly hours: ReadonlyArray<OpeningHours>
  readonly locale: LocaleCode
}) => {
  const t = useT()
  return (
    <dl className="cinema__hours" data-testid="opening-hours">
      {hours.map((line) => (
        <div key={`${line.fromDay}-${line.toDay}`} className="cinema__hours-line">
          <dt>
            {line.fromDay === line.toDay
              ? dayName(line.fromDay, locale)
              : t("publicPages.cinema.dayRange", {
                  from: dayName(line.fromDay, locale),
                  to: dayName(line.toDay, locale),
                })}
          </dt>
          <dd>
            <bdi dir="ltr">
              {line.opens}–{line.closes}
            </bdi>
          </dd>
        </div>
      ))}
    </dl>
  )
}
