import { queryOptions, useQuery } from "@tanstack/react-query"
import { useId, useState } from "react"
import type { GroupAttendance, PresentationAttendance } from "../../../api/StaffApi.ts"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { AttendanceTable } from "../AttendanceTable.tsx"
import { wallTime } from "../dates.ts"
import { LiveStatus } from "../LiveStatus.tsx"
import { liveQueryDefaults, sessionQuery } from "../liveQueries.ts"
import { liveGet } from "../staffApi.ts"
import { useLiveTitle } from "../useLiveTitle.ts"
import { useSignedOut } from "../useSignedOut.ts"
import { useFeatureView } from "./useFeatureView.ts"

const featuresQuery = (date: string, lang: string) =>
  queryOptions({
    queryKey: ["staff", "v2features", date, lang],
    queryFn: ({ signal }) =>
      liveGet<{ readonly features: ReadonlyArray<GroupAttendance> }>(
        "/PRES-live/v2/availableFeatures",
        lang,
        signal,
        {
          startDate: date,
        },
      ),
    ...liveQueryDefaults,
  })

const presentationsQuery = (date: string, featureId: number, lang: string) =>
  queryOptions({
    queryKey: ["staff", "v2presentations", date, featureId, lang],
    queryFn: ({ signal }) =>
      liveGet<{ readonly presentations: ReadonlyArray<PresentationAttendance> }>(
        "/PRES-live/v2/availablePresentations",
        lang,
        signal,
        { startDate: date, featureId: String(featureId) },
      ),
    ...liveQueryDefaults,
  })

const lineOf = (key: string, name: string, row: GroupAttendance | PresentationAttendance) => ({
  key,
  name,
  sold: row.SoldQuantity,
  held: row.HeldQuantity,
  capacity: row.Capacity,
  soldPercent: row.SoldPercent,
  heldPercent: row.HeldPercent,
  takenRatio: row.SeatTakenRatio,
})

/** Spec §4 live v2: a film, then one of its showings; choosing one clears what depended on the other. */
export const FeatureViewPage = () => {
  const t = useT()
  const lang = useLocale()
  const id = useId()
  const session = useQuery(sessionQuery(lang))
  const [picked, setPicked] = useState<string | undefined>(undefined)
  const date = picked ?? session.data?.today ?? ""
  const view = useFeatureView(date, lang)
  const features = useQuery({ ...featuresQuery(date, lang), enabled: date !== "" })
  const { featureId, presentationId, featureData, presentationData } = view.state
  const presentations = useQuery({
    ...presentationsQuery(date, featureId ?? 0, lang),
    enabled: date !== "" && featureId !== undefined,
  })
  useSignedOut(features.error ?? view.failure)
  useLiveTitle(t("staffV2.title"), t("staff.appName"))
  return (
    <section className="live-screen">
      <h1 className="live-screen__title">{t("staffV2.title")}</h1>
      <LiveStatus
        updatedAt={view.updatedAt || features.dataUpdatedAt}
        failed={features.isError || view.failure !== null}
      />
      <div className="report-filters">
        <label className="report__control" htmlFor={`${id}-date`}>
          <span>{t("staffReports.date")}</span>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => e.target.value !== "" && setPicked(e.target.value)}
          />
        </label>
        <label className="report__control" htmlFor={`${id}-feature`}>
          <span>{t("staffV2.feature")}</span>
          <select
            id={`${id}-feature`}
            value={featureId ?? ""}
            onChange={(e) => view.selectFeature(e.target.value === "" ? undefined : Number(e.target.value))}
          >
            <option value="">{t("staffV2.chooseFeature")}</option>
            {(features.data?.features ?? []).map((f) => (
              <option key={f.Id} value={f.Id}>
                {f.Name}
              </option>
            ))}
          </select>
        </label>
        <label className="report__control" htmlFor={`${id}-presentation`}>
          <span>{t("staffV2.presentation")}</span>
          <select
            id={`${id}-presentation`}
            value={presentationId ?? ""}
            disabled={featureId === undefined}
            onChange={(e) =>
              view.selectPresentation(e.target.value === "" ? undefined : Number(e.target.value))
            }
          >
            <option value="">{t("staffV2.allPresentations")}</option>
            {(presentations.data?.presentations ?? []).map((p) => (
              <option key={p.PresentationId} value={p.PresentationId}>
                {`${wallTime(p.PresentationDateTime)} · ${p.VenueName} · ${p.LocationName}`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {featureId === undefined ? (
        <p className="live-screen__note">{t("staffV2.pickFeature")}</p>
      ) : featureData === undefined ? (
        <p className="live-screen__note">{t("staff.loading")}</p>
      ) : (
        <AttendanceTable
          caption={t("staffV2.featureTotals")}
          nameHeader={t("staffV2.presentation")}
          lang={lang}
          lines={[
            { ...lineOf("total", featureData.totals.Name, featureData.totals), highlight: true },
            ...featureData.presentations.map((p) =>
              lineOf(String(p.PresentationId), `${wallTime(p.PresentationDateTime)} · ${p.VenueName}`, p),
            ),
          ]}
        />
      )}
      {presentationData === undefined ? null : (
        <AttendanceTable
          caption={t("staffV2.presentationNumbers")}
          nameHeader={t("staffV2.presentation")}
          lang={lang}
          lines={[
            lineOf(
              "one",
              `${wallTime(presentationData.presentation.PresentationDateTime)} · ${presentationData.presentation.VenueName} · ${presentationData.presentation.LocationName}`,
              presentationData.presentation,
            ),
          ]}
        />
      )}
    </section>
  )
}
