import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { lazy, Suspense } from "react"
import { directionOf } from "../i18n/locales.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { AttendanceTable } from "./AttendanceTable.tsx"
import { formatBusinessDate } from "./dates.ts"
import { LiveStatus } from "./LiveStatus.tsx"
import { stripQuery } from "./liveQueries.ts"
import { useLiveTitle } from "./useLiveTitle.ts"
import { useSignedOut } from "./useSignedOut.ts"

// the chart library is fetched only when the chart is drawn: never by buyers, nor on the sign-in screen
const StripBars = lazy(() => import("./charts/StripBars.tsx").then((m) => ({ default: m.StripBars })))

/** Cinema attendance, first level: the 29-day strip (spec §9), each day a way into its cinemas. */
export const StripPage = () => {
  const t = useT()
  const lang = useLocale()
  const navigate = useNavigate()
  const strip = useQuery(stripQuery(lang))
  useSignedOut(strip.error)
  useLiveTitle(t("staff.attendance.title"), t("staff.appName"))
  const data = strip.data
  return (
    <section className="live-screen">
      <h1 className="live-screen__title">{t("staff.attendance.title")}</h1>
      <LiveStatus updatedAt={strip.dataUpdatedAt} failed={strip.isError} />
      {data === undefined ? (
        strip.isPending ? (
          <p className="live-screen__note">{t("staff.loading")}</p>
        ) : null
      ) : (
        <>
          <Suspense fallback={<div className="live-chart live-chart--strip" />}>
            <StripBars
              days={data.days}
              today={data.today}
              rtl={directionOf(lang) === "rtl"}
              onPick={(date) =>
                void navigate({ to: "/PRES-live/day/$date", params: { date }, search: { lang } })
              }
            />
          </Suspense>
          <AttendanceTable
            caption={t("staff.attendance.strip")}
            nameHeader={t("staff.attendance.date")}
            lang={lang}
            lines={data.days.map((day) => ({
              key: day.BusinessDate,
              name:
                day.BusinessDate === data.today
                  ? `${formatBusinessDate(day.BusinessDate, lang)} · ${t("staff.attendance.today")}`
                  : formatBusinessDate(day.BusinessDate, lang),
              to: { to: "/PRES-live/day/$date", params: { date: day.BusinessDate } },
              sold: day.SoldQuantity,
              held: day.HeldQuantity,
              capacity: day.Capacity,
              soldPercent: day.SoldPercent,
              heldPercent: day.HeldPercent,
              takenRatio: day.SeatTakenRatio,
              highlight: day.BusinessDate === data.today,
            }))}
          />
        </>
      )}
    </section>
  )
}
