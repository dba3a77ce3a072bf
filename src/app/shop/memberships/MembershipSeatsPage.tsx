import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { lazy, Suspense, useEffect, useMemo, useState } from "react"
import type { SeatStatuses } from "../../../api/SeatsApi.ts"
import { MembershipSeatHeld, MembershipSeatLetGo } from "../../../domain/cart/otherOrderEvents.ts"
import { eventMeta } from "../../cart/cartLog.ts"
import type { MessageKey } from "../../i18n/dictionaries.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { useT } from "../../i18n/useI18n.ts"
import { OfflineVenueNotice } from "../../mini-site/OfflineVenueNotice.tsx"
import { SeatListLegend } from "../../seatmap/SeatListLegend.tsx"
import { startSeatMapWorker } from "../../seatmap/seatMapWorkerStart.ts"
import { type SeatItem, seatRows } from "../../seatmap/seatRows.ts"
import { ShopBasket } from "../ShopBasket.tsx"
import { NothingChosen, ShopFrame } from "../ShopFrame.tsx"
import { useShopCart } from "../useShopCart.ts"
import { useShopLines } from "../useShopLines.ts"
import { offerOf } from "./membershipChoice.ts"
import {
  membershipHallQueryOptions,
  membershipSeatStatusQueryOptions,
  membershipsQueryOptions,
  SeatCinemaOffline,
} from "./queries.ts"
import { lockMembershipSeat, unlockMembershipSeat } from "./seatCalls.ts"
import "./memberships.css"

// the seat map and list are the ticket order's own components (src/app/seatmap), loaded with this step only
const SeatList = lazy(() =>
  import("../../seatmap/SeatList.tsx").then((module) => ({ default: module.SeatList })),
)
const SeatMapView = lazy(() =>
  import("../../seatmap/SeatMapView.tsx").then((module) => ({ default: module.SeatMapView })),
)

const NO_GROUPS: [] = []
const REFUSAL_TEXTS: Readonly<Record<string, MessageKey>> = {
  lock_seat_error: "memberships.errors.seatTaken",
  membershipNotSelected: "memberships.errors.membershipNotSelected",
  membershipQuantityExceeded: "memberships.errors.membershipQuantityExceeded",
  noMembershipsForSale: "memberships.errors.noMembershipsForSale",
}

/**
 * Spec §2 chooseSeats of a membership order: the season seat on the hall's seat map, the same seat in every
 * future showing of the series. The server is the authority (`PUT /membership/lock-seat`, `/unlock-seat`): one
 * command at a time, a new seat only after the old one is let go, so the cart never holds two. On entering, the
 * cart's seat is compared with the server's: a hold that lapsed is let go, one the log lost is written back.
 */
export const MembershipSeatsPage = ({ locale }: { readonly locale: LocaleCode }) => {
  // the map's painting worker starts with the screen, while the hall is on its way (seatMapWorkerStart.ts)
  useEffect(() => startSeatMapWorker(), [])
  const t = useT()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const catalogue = useQuery(membershipsQueryOptions(locale))
  const shop = useShopCart("memberships", false)
  const cart = shop.status === "ready" ? shop.cart : null
  const lines = useShopLines("memberships", cart, locale, null)
  const line = cart?.memberships[0]
  const membership = line === undefined || line.isTopup ? undefined : offerOf(catalogue.data, line).membership
  const membershipId = membership?.hasSeat === true ? membership.MembershipId : 0
  const hall = useQuery({
    ...membershipHallQueryOptions(membership?.venueId ?? 0, membership?.seatplanId ?? 0, locale),
    enabled: membershipId > 0 && membership?.venueId != null && membership.seatplanId != null,
  })
  const statusOptions = membershipSeatStatusQueryOptions(membershipId, shop.token, locale)
  const status = useQuery({ ...statusOptions, enabled: membershipId > 0 && shop.token !== null })
  const [busy, setBusy] = useState(false)
  const [pending, setPending] = useState<SeatItem | null>(null)
  const [problem, setProblem] = useState<MessageKey | null>(null)
  const held = cart?.membershipSeat?.membershipId === membershipId ? (cart.membershipSeat ?? null) : null

  // the server's word on this cart's seat against the log's
  const log = shop.status === "ready" ? shop.log : null
  const plan = hall.data?.seatplan
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer of the server
  useEffect(() => {
    const answer = status.data
    if (log === null || answer === undefined || plan === undefined || busy) return
    const mine = answer.seats.find((seat) => seat.isSelected)
    const current = log.store.state().membershipSeat ?? null
    if (current !== null && current.membershipId === membershipId && mine === undefined) {
      setProblem("memberships.seats.lapsed")
      void log.store.append([MembershipSeatLetGo.make({ ...eventMeta(), membershipId })])
    } else if (
      mine !== undefined &&
      (current === null ||
        current.XCoordinate !== mine.XCoordinate ||
        current.YCoordinate !== mine.YCoordinate ||
        current.VenueSectionId !== mine.VenueSectionId)
    ) {
      const seat = plan.seats.find(
        (s) =>
          s.VenueSectionId === mine.VenueSectionId &&
          s.XCoordinate === mine.XCoordinate &&
          s.YCoordinate === mine.YCoordinate,
      )
      if (seat !== undefined && answer.holdExpiresAt !== null)
        void log.store.append([
          MembershipSeatHeld.make({
            ...eventMeta(),
            membershipId,
            VenueSectionId: mine.VenueSectionId,
            XCoordinate: mine.XCoordinate,
            YCoordinate: mine.YCoordinate,
            RowName: seat.RowName,
            SeatName: seat.SeatName,
            expiresAt: answer.holdExpiresAt,
          }),
        ])
    }
  }, [status.dataUpdatedAt, plan])

  const sections = useMemo(() => {
    if (plan === undefined) return []
    const statuses: SeatStatuses = {
      presentationId: 0,
      seats: (status.data?.seats ?? []).map((seat) => ({ ...seat, isSingleSeatBlock: false })),
      sections: [],
      heldPlaces: [],
      holdExpiresAt: null,
      serverTime: "",
    }
    const place = (p: { VenueSectionId: number; XCoordinate: number; YCoordinate: number }) => ({
      VenueSectionId: p.VenueSectionId,
      x: p.XCoordinate,
      y: p.YCoordinate,
    })
    return seatRows(plan, statuses, {
      mine: held === null ? [] : [place(held)],
      pending: pending === null ? [] : [place(pending.seat)],
    })
  }, [plan, status.data, held, pending])

  const pick = async (item: SeatItem) => {
    if (log === null || busy || item.state === "taken" || membershipId === 0) return
    setBusy(true)
    setProblem(null)
    const place = {
      VenueSectionId: item.seat.VenueSectionId,
      XCoordinate: item.seat.XCoordinate,
      YCoordinate: item.seat.YCoordinate,
    }
    try {
      const before = log.store.state().membershipSeat ?? null
      if (before !== null) {
        const released = await unlockMembershipSeat(log, before.membershipId, before)
        if (!released.ok) return setProblem(REFUSAL_TEXTS[released.code] ?? "errors.occurred")
      }
      if (item.state === "mine") return
      setPending(item)
      const locked = await lockMembershipSeat(log, membershipId, place)
      if (!locked.ok) setProblem(REFUSAL_TEXTS[locked.code] ?? "errors.occurred")
    } finally {
      setPending(null)
      setBusy(false)
      await queryClient.invalidateQueries({ queryKey: statusOptions.queryKey })
    }
  }

  const body = () => {
    if (cart === null || catalogue.isPending) return <p className="order__notice">{t("shop.loading")}</p>
    if (line === undefined) return <NothingChosen kind="memberships" locale={locale} t={t} />
    if (membershipId === 0)
      return (
        <p className="order__notice" data-testid="membership-no-seat">
          {t("memberships.seats.noSeat")}
        </p>
      )
    // the season seats' cinema sells nothing online now: the offline-venue view, and no seat to pick
    if (status.error instanceof SeatCinemaOffline)
      return <OfflineVenueNotice name={status.error.locationName} heading="h2" />
    if (hall.isError || status.isError)
      return (
        <p className="order__notice order__notice--problem" role="alert">
          {t("errors.occurred")}
        </p>
      )
    if (plan === undefined) return <p className="order__notice">{t("shop.loading")}</p>
    return (
      <>
        <p className="order__facts">
          {t("memberships.seats.intro", { n: status.data?.presentationIds.length ?? 0 })}
        </p>
        <Suspense fallback={null}>
          <SeatMapView
            plan={plan}
            sections={sections}
            ticketGroups={undefined}
            t={t}
            onPick={(i) => void pick(i)}
          />
        </Suspense>
        <SeatListLegend t={t} />
        <fieldset className="membership-seat-fieldset" disabled={busy || status.data === undefined}>
          <Suspense fallback={null}>
            <SeatList sections={sections} ticketGroups={NO_GROUPS} t={t} onPick={(i) => void pick(i)} />
          </Suspense>
        </fieldset>
      </>
    )
  }

  return (
    <ShopFrame kind="memberships" step="seats" title={t("memberships.seats.title")} locale={locale} t={t}>
      <div className="order__body">
        <div className="order-step">{body()}</div>
        <ShopBasket lines={lines} locale={locale} t={t}>
          {held === null ? null : (
            <p className="membership-held" data-testid="membership-seat">
              {t("memberships.seats.held", { row: held.RowName, seat: held.SeatName })}
            </p>
          )}
          <div aria-live="polite" className="basket__live">
            {problem === null ? null : (
              <p className="basket__problem" data-testid="shop-problem">
                {t(problem)}
              </p>
            )}
          </div>
          {membershipId === 0 && line !== undefined ? (
            <Link
              to="/shop/$kind/customer"
              params={{ kind: "memberships" }}
              search={{ lang: locale }}
              className="button button--primary"
              data-testid="continue"
            >
              {t("shop.continue")}
            </Link>
          ) : (
            <button
              type="button"
              className="button button--primary"
              data-testid="continue"
              disabled={busy}
              onClick={() => {
                if (held === null) return setProblem("memberships.errors.membershipSeatRequired")
                void navigate({
                  to: "/shop/$kind/customer",
                  params: { kind: "memberships" },
                  search: { lang: locale },
                })
              }}
            >
              {t("shop.continue")}
            </button>
          )}
        </ShopBasket>
      </div>
    </ShopFrame>
  )
}
