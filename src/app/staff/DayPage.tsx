import { useQuery } from "@tanstack/react-query"
import { ALL_CINEMAS_LOCATION_ID } from "../../domain/live/attendance.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { AttendanceTable } from "./AttendanceTable.tsx"
import { Crumbs } from "./Crumbs.tsx"
import { formatBusinessDate } from "./dates.ts"
import { LiveStatus } from "./LiveStatus.tsx"
import { locationsQuery } from "./liveQueries.ts"
import { useLiveTitle } from "./useLiveTitle.ts"
import { useSignedOut } from "./useSignedOut.ts"

/** One day: 'All cinemas' (LocationId -1) first, then each cinema the staff member may see. */
export const DayPage = ({ date }: { readonly date: string }) => {
  const t = useT()
  const lang = useLocale()
  const locations = useQuery(locationsQuery(date, lang))
  useSignedOut(locations.error)
  const heading = formatBusinessDate(date, lang)
  useLiveTitle(heading, t("staff.appName"))
  return (
    <section className="live-screen">
      <Crumbs trail={[{ label: t("staff.attendance.title"), to: "/PRES-live" }]} />
      <h1 className="live-screen__title">{heading}</h1>
      <LiveStatus updatedAt={locations.dataUpdatedAt} failed={locations.isError} />
      {locations.data === undefined ? (
        locations.isPending ? (
          <p className="live-screen__note">{t("staff.loading")}</p>
        ) : null
      ) : (
        <AttendanceTable
          caption={t("staff.attendance.byCinema")}
          nameHeader={t("staff.attendance.cinema")}
          lang={lang}
          lines={locations.data.locations.map((row) => ({
            key: String(row.LocationId),
            name: row.LocationId === ALL_CINEMAS_LOCATION_ID ? t("staff.attendance.allCinemas") : row.Name,
            to: {
              to: "/PRES-live/location/$date/$locationId",
              params: { date, locationId: String(row.LocationId) },
            },
            sold: row.Sold,
            held: row.Held,
            capacity: row.Capacity,
            soldPercent: row.SoldPercent,
            heldPercent: row.HeldPercent,
            takenRatio: row.SeatTakenRatio,
            highlight: row.LocationId === ALL_CINEMAS_LOCATION_ID,
          }))}
        />
      )}
    </section>
  )
}
