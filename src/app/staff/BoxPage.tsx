import { useQuery } from "@tanstack/react-query"
import type { PresentationAttendance } from "../../api/StaffApi.ts"
import { ALL_CINEMAS_LOCATION_ID } from "../../domain/live/attendance.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { AttendanceTable } from "./AttendanceTable.tsx"
import { BrokerPanel } from "./brokers/BrokerPanel.tsx"
import { Crumbs } from "./Crumbs.tsx"
import { formatBusinessDate, wallTime } from "./dates.ts"
import { LiveStatus } from "./LiveStatus.tsx"
import { boxQuery, groupsQuery, locationsQuery, sessionQuery } from "./liveQueries.ts"
import type { DrillBy } from "./staffApi.ts"
import { useLiveTitle } from "./useLiveTitle.ts"
import { useSignedOut } from "./useSignedOut.ts"

/** The presentation box: every presentation of one hall or one film at a cinema on a day. */
export const BoxPage = ({
  date,
  locationId,
  by,
  id,
}: {
  readonly date: string
  readonly locationId: number
  readonly by: DrillBy
  readonly id: number
}) => {
  const t = useT()
  const lang = useLocale()
  const box = useQuery(boxQuery(date, locationId, by, id, lang))
  const groups = useQuery(groupsQuery(date, locationId, by, lang))
  const locations = useQuery(locationsQuery(date, lang))
  const session = useQuery(sessionQuery(lang))
  useSignedOut(box.error)
  const day = formatBusinessDate(date, lang)
  const locationName =
    locationId === ALL_CINEMAS_LOCATION_ID
      ? t("staff.attendance.allCinemas")
      : (locations.data?.locations.find((row) => row.LocationId === locationId)?.Name ?? "")
  const name = groups.data?.find((row) => row.Id === id)?.Name ?? ""
  useLiveTitle(`${name} · ${day}`, t("staff.appName"))
  // the hall's film, or the film's hall; with the cinema when the box spans every cinema
  const nameOf = (row: PresentationAttendance) =>
    `${by === "venues" ? row.FeatureName : row.VenueName}${
      locationId === ALL_CINEMAS_LOCATION_ID ? ` · ${row.LocationName}` : ""
    }`
  return (
    <section className="live-screen">
      <Crumbs
        trail={[
          { label: t("staff.attendance.title"), to: "/PRES-live" },
          { label: day, to: "/PRES-live/day/$date", params: { date } },
          {
            label: locationName,
            to: "/PRES-live/location/$date/$locationId",
            params: { date, locationId: String(locationId) },
          },
        ]}
      />
      <h1 className="live-screen__title">{name}</h1>
      <LiveStatus updatedAt={box.dataUpdatedAt} failed={box.isError} />
      {box.data === undefined ? (
        box.isPending ? (
          <p className="live-screen__note">{t("staff.loading")}</p>
        ) : null
      ) : box.data.presentations.length === 0 ? (
        <p className="live-screen__note">{t("staff.attendance.none")}</p>
      ) : (
        <AttendanceTable
          caption={t("staff.attendance.box")}
          nameHeader={t("staff.attendance.presentation")}
          lang={lang}
          lines={box.data.presentations.map((row) => ({
            key: String(row.PresentationId),
            name: (
              <span className="live-box__name">
                <span className="live-box__time">{wallTime(row.PresentationDateTime)}</span> {nameOf(row)}
              </span>
            ),
            sold: row.SoldQuantity,
            held: row.HeldQuantity,
            capacity: row.Capacity,
            soldPercent: row.SoldPercent,
            heldPercent: row.HeldPercent,
            takenRatio: row.SeatTakenRatio,
          }))}
        />
      )}
      {session.data?.isBroker === true && box.data !== undefined && box.data.presentations.length > 0 ? (
        <BrokerPanel presentations={box.data.presentations} nameOf={nameOf} />
      ) : null}
    </section>
  )
}
