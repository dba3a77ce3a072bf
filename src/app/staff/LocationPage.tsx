import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { ALL_CINEMAS_LOCATION_ID } from "../../domain/live/attendance.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { AttendanceTable } from "./AttendanceTable.tsx"
import { Crumbs } from "./Crumbs.tsx"
import { formatBusinessDate } from "./dates.ts"
import { LiveStatus } from "./LiveStatus.tsx"
import { groupsQuery, locationsQuery } from "./liveQueries.ts"
import type { DrillBy } from "./staffApi.ts"
import { useLiveTitle } from "./useLiveTitle.ts"
import { useSignedOut } from "./useSignedOut.ts"

/** One cinema (or 'All cinemas') on one day, by hall or by film; each a way into its presentations. */
export const LocationPage = ({
  date,
  locationId,
  by,
}: {
  readonly date: string
  readonly locationId: number
  readonly by: DrillBy
}) => {
  const t = useT()
  const lang = useLocale()
  const groups = useQuery(groupsQuery(date, locationId, by, lang))
  const locations = useQuery(locationsQuery(date, lang))
  useSignedOut(groups.error)
  const name =
    locationId === ALL_CINEMAS_LOCATION_ID
      ? t("staff.attendance.allCinemas")
      : (locations.data?.locations.find((row) => row.LocationId === locationId)?.Name ?? "")
  const day = formatBusinessDate(date, lang)
  useLiveTitle(`${name} · ${day}`, t("staff.appName"))
  return (
    <section className="live-screen">
      <Crumbs
        trail={[
          { label: t("staff.attendance.title"), to: "/PRES-live" },
          { label: day, to: "/PRES-live/day/$date", params: { date } },
        ]}
      />
      <h1 className="live-screen__title">{name}</h1>
      <nav className="live-tabs" aria-label={t("staff.attendance.drillBy")}>
        {(["venues", "features"] as const).map((tab) => (
          <Link
            key={tab}
            to="/PRES-live/location/$date/$locationId"
            params={{ date, locationId: String(locationId) }}
            search={{ lang, by: tab }}
            className="live-tabs__tab"
            aria-current={tab === by ? "page" : undefined}
            replace
          >
            {tab === "venues" ? t("staff.attendance.byVenue") : t("staff.attendance.byFeature")}
          </Link>
        ))}
      </nav>
      <LiveStatus updatedAt={groups.dataUpdatedAt} failed={groups.isError} />
      {groups.data === undefined ? (
        groups.isPending ? (
          <p className="live-screen__note">{t("staff.loading")}</p>
        ) : null
      ) : groups.data.length === 0 ? (
        <p className="live-screen__note">{t("staff.attendance.none")}</p>
      ) : (
        <AttendanceTable
          caption={`${name} · ${day}`}
          nameHeader={by === "venues" ? t("staff.attendance.venue") : t("staff.attendance.feature")}
          lang={lang}
          lines={groups.data.map((row) => ({
            key: String(row.Id),
            name: row.Name,
            to: {
              to: "/PRES-live/box/$date/$locationId/$by/$id",
              params: { date, locationId: String(locationId), by, id: String(row.Id) },
            },
            sold: row.SoldQuantity,
            held: row.HeldQuantity,
            capacity: row.Capacity,
            soldPercent: row.SoldPercent,
            heldPercent: row.HeldPercent,
            takenRatio: row.SeatTakenRatio,
          }))}
        />
      )}
    </section>
  )
}
