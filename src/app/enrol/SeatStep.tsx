import { useQuery, useQueryClient } from "@tanstack/react-query"
import { lazy, Suspense, useEffect, useMemo, useState } from "react"
import type { EnrolSeason } from "../../api/EnrolApi.ts"
import type { SeatStatuses } from "../../api/SeatsApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { SeatListLegend } from "../seatmap/SeatListLegend.tsx"
import { startSeatMapWorker } from "../seatmap/seatMapWorkerStart.ts"
import { type SeatItem, seatRows } from "../seatmap/seatRows.ts"
import {
  type EnrolDraft,
  fetchHall,
  fetchSeatStatuses,
  newCartToken,
  type PickedSeat,
  seatCall,
} from "./enrolClient.ts"
import { enrolText } from "./enrolText.ts"

const SeatMapView = lazy(() =>
  import("../seatmap/SeatMapView.tsx").then((module) => ({ default: module.SeatMapView })),
)
const SeatList = lazy(() =>
  import("../seatmap/SeatList.tsx").then((module) => ({ default: module.SeatList })),
)

type Props = {
  readonly season: EnrolSeason
  readonly draft: EnrolDraft
  readonly setDraft: (draft: EnrolDraft) => void
  /** the showing the seat is for; null: the member seat, under every required showing */
  readonly presentationId: number | null
  /** the showings chosen so far (the lock's `selections`) */
  readonly selections: ReadonlyArray<number>
  readonly locale: LocaleCode
}

/**
 * One seat on the season's hall map (the seat map and its accessible list, src/app/seatmap/): a free seat is held
 * for this enrolment's cart, the seat held before is let go first, a held seat is let go by picking it again.
 */
export const SeatStep = ({ season, draft, setDraft, presentationId, selections, locale }: Props) => {
  // the map's painting worker starts with the screen, while the hall is on its way (seatMapWorkerStart.ts)
  useEffect(() => startSeatMapWorker(), [])
  const t = useT()
  const client = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const hall = useQuery({
    queryKey: ["enrol", "hall", season.venueId, season.seatplanId, locale],
    queryFn: ({ signal }) => fetchHall(season, locale, signal),
    staleTime: 60 * 60_000,
  })
  const statusKey = ["enrol", "statuses", season.SeasonId, presentationId, draft.cartToken] as const
  const statuses = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) =>
      fetchSeatStatuses(draft.membershipId, season.SeasonId, presentationId, draft.cartToken, signal),
  })
  const covered = presentationId === null ? season.Presentations.filter((p) => p.IsRequired) : []
  const keyShowing = presentationId ?? covered[0]?.PresentationId ?? 0
  const current = draft.seats[keyShowing] ?? null

  const sections = useMemo(() => {
    if (hall.data === undefined) return []
    const asStatuses: SeatStatuses = {
      presentationId: keyShowing,
      seats: (statuses.data?.seats ?? []).map((s) => ({ ...s, isSingleSeatBlock: false })),
      sections: [],
      heldPlaces: [],
      holdExpiresAt: null,
      serverTime: "",
    }
    const mine = current === null ? [] : [{ VenueSectionId: current.sectionId, x: current.x, y: current.y }]
    return seatRows(hall.data.seatplan, asStatuses, { mine, pending: [] })
  }, [hall.data, statuses.data, current, keyShowing])

  const pick = async (item: SeatItem) => {
    if (busy || item.state === "taken") return
    setBusy(true)
    setProblem(null)
    let token = draft.cartToken
    if (token === null) {
      const made = await newCartToken()
      if (typeof made !== "string") {
        setProblem(made.refused)
        setBusy(false)
        return
      }
      token = made
    }
    const showings = presentationId === null ? covered.map((p) => p.PresentationId) : [presentationId]
    const seats = { ...draft.seats }
    if (current !== null) {
      await seatCall("unlock", draft, token, current, presentationId, selections)
      for (const id of showings) delete seats[id]
    }
    const place = { sectionId: item.seat.VenueSectionId, x: item.seat.XCoordinate, y: item.seat.YCoordinate }
    const same =
      current !== null &&
      current.sectionId === place.sectionId &&
      current.x === place.x &&
      current.y === place.y
    if (!same) {
      const locked = await seatCall("lock", draft, token, place, presentationId, selections)
      if ("refused" in locked) setProblem(locked.refused)
      else {
        const picked: PickedSeat = { ...place, row: locked.RowName, seat: locked.SeatName }
        for (const id of showings) seats[id] = picked
      }
    }
    setDraft({ ...draft, cartToken: token, seats })
    await client.invalidateQueries({ queryKey: ["enrol", "statuses", season.SeasonId] })
    setBusy(false)
  }

  return (
    <div className="enrol-card" aria-busy={busy} data-testid="enrol-seat-step">
      <p className="enrol-muted" data-testid="enrol-chosen-seat">
        {current === null
          ? t("enrol.noSeatYet")
          : t("enrol.chosenSeat", { row: current.row, seat: current.seat })}
      </p>
      {problem !== null ? (
        <p className="enrol-problem" role="alert" data-testid="enrol-refusal">
          {enrolText(problem, t)}
        </p>
      ) : null}
      {hall.data !== undefined ? (
        <Suspense fallback={null}>
          <SeatMapView
            plan={hall.data.seatplan}
            sections={sections}
            ticketGroups={undefined}
            t={t}
            onPick={(item) => void pick(item)}
          />
          <SeatListLegend t={t} />
          <fieldset className="seat-fieldset" disabled={busy}>
            <SeatList sections={sections} ticketGroups={[]} t={t} onPick={(item) => void pick(item)} />
          </fieldset>
        </Suspense>
      ) : null}
    </div>
  )
}
