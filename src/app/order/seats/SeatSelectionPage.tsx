import { keepPreviousData, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react"
import type { Presentation, TicketGroup } from "../../../api/PresentationEntities.ts"
import type { Seatplan, SeatStatuses } from "../../../api/SeatsApi.ts"
import type { LockRejectionReason, UnlockRejectionReason } from "../../../domain/cart/facts.ts"
import type { CartSeat } from "../../../domain/cart/state.ts"
import type { SeatPlace } from "../../../domain/cart/values.ts"
import { type OrderCart, useCart } from "../../cart/useCart.ts"
import { formatLongDateTime } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { type Translate, useT } from "../../i18n/useI18n.ts"
import { configQueryOptions } from "../../lib/configQuery.ts"
import { temporal } from "../../lib/temporal.ts"
import { useOnline } from "../../lib/useOnline.ts"
import { SeatListLegend } from "../../seatmap/SeatListLegend.tsx"
import { startSeatMapWorker } from "../../seatmap/seatMapWorkerStart.ts"
import { type SeatItem, type SeatMarks, seatRows } from "../../seatmap/seatRows.ts"
import { Basket } from "../Basket.tsx"
import { screenLink } from "../flow.ts"
import { hallImageMap, type SeatActions } from "../loadSeatSelection.ts"
import { OfflineNotice } from "../OfflineNotice.tsx"
import { presentationDetailQueryOptions, seatplanQueryOptions, seatStatusesQueryOptions } from "../queries.ts"
import { ScreenLink } from "../StepFrame.tsx"
import { storedCartToken } from "../storedCartToken.ts"
import { useNow } from "../useNow.ts"
import { BestAvailablePlaceholder, GaQuantityPlaceholder } from "./HoldPlaceholders.tsx"
import { useSeatActions } from "./useSeatActions.ts"
import "../order.css"
import "../steps.css"
import "./seatCartOpening.css"

// The seat list starts loading with this module, beside the seatplan request, not before the page's frame can
// show: the order's first screen keeps within its budget (bench/bundle.ts) and the list is not later for it.
const seatListModule = import("../../seatmap/SeatList.tsx")
// a failed load shows where the list is rendered (lazy rethrows it there), not as an unhandled rejection now
seatListModule.catch(() => undefined)
const SeatList = lazy(() => seatListModule.then((module) => ({ default: module.SeatList })))
// The map loads when first rendered (regl only ever in its worker, started early below): the list is the accessible view and never waits for it.
const SeatMapView = lazy(() =>
  import("../../seatmap/SeatMapView.tsx").then((module) => ({ default: module.SeatMapView })),
)

type Props = { readonly presentationId: number; readonly locale: LocaleCode }

type Problem =
  | { readonly kind: "refused"; readonly reason: LockRejectionReason; readonly held: number }
  | { readonly kind: "lost"; readonly row: string; readonly seat: string }
  | { readonly kind: "unlockFailed"; readonly reason: UnlockRejectionReason }

// The refusals' texts come with the seat actions (their chunk, not this screen's first one): a problem is only
// ever set by an action, so they are there whenever there is one to say.
const problemText = (problem: Problem, t: Translate, actions: SeatActions): string => {
  if (problem.kind === "lost") return t("order.problems.lost", { row: problem.row, seat: problem.seat })
  if (problem.kind === "unlockFailed") return actions.unlockProblemText(problem.reason, t)
  return actions.lockProblemText(problem.reason, problem.held, t)
}

const NO_GROUPS: ReadonlyArray<TicketGroup> = []

const placeOf = (item: SeatItem): SeatPlace => ({
  VenueSectionId: item.seat.VenueSectionId,
  x: item.seat.XCoordinate,
  y: item.seat.YCoordinate,
})

export const SeatSelectionPage = ({ presentationId, locale }: Props) => {
  const t = useT()
  const { data: detail } = useSuspenseQuery(presentationDetailQueryOptions(presentationId, locale))
  const presentation = detail.presentation

  useEffect(() => {
    document.title = `${t("order.title")} · ${presentation.featureName} · ${t("app.brand")}`
  }, [t, presentation.featureName])

  // the map's painting worker starts now, while the seatplan is on its way, not on the way to its first frame;
  // a small hall's map needs none (seatMapWorkerStart.ts)
  const hasSeatplan = presentation.seatplanId !== null
  const capacity = presentation.capacity
  useEffect(() => (hasSeatplan ? startSeatMapWorker(capacity) : undefined), [hasSeatplan, capacity])

  return (
    <div className="order">
      <header className="order__head">
        <p className="order__step">{t("order.title")}</p>
        <h1 className="order__title">{presentation.featureName}</h1>
        <p className="order__facts">
          <time dateTime={presentation.dateTime}>
            {formatLongDateTime(temporal(), presentation.dateTime, locale)}
          </time>
          <span aria-hidden="true"> · </span>
          <span>{presentation.venueName}</span>
          <span aria-hidden="true"> · </span>
          <span>{presentation.locationName}</span>
        </p>
      </header>
      <OfflineNotice t={t} />
      {/* the hall's image map and its sanitizer (DOMPurify, 8 KB): their own chunk, loaded by the route's loader
          only for a showing that has one; a chunk that could not load leaves the picture out (the list is the
          accessible view) */}
      {presentation.imageMapHtml === null || hallImageMap === undefined ? null : (
        <hallImageMap.HallImageMap html={presentation.imageMapHtml} t={t} />
      )}
      {presentation.seatplanId === null ? (
        <p className="order__notice">{t("order.noSeatplan")}</p>
      ) : (
        <SeatPicker presentation={presentation} seatplanId={presentation.seatplanId} locale={locale} t={t} />
      )}
    </div>
  )
}

type PickerProps = {
  readonly presentation: Presentation
  readonly seatplanId: number
  readonly locale: LocaleCode
  readonly t: Translate
}

const SeatPicker = ({ presentation, seatplanId, locale, t }: PickerProps) => {
  const seatActions = useSeatActions()
  const order = useCart(presentation)
  const { data: plan } = useSuspenseQuery(seatplanQueryOptions(presentation.venueId, seatplanId, locale))
  if (seatActions.failed)
    return <p className="order__notice order__notice--problem">{t("order.cartFailed")}</p>
  if (order.status === "unavailable") return <p className="order__notice">{t("order.unavailable")}</p>
  return (
    <SeatBoard
      order={order}
      seatActions={seatActions.actions}
      presentation={presentation}
      plan={plan.seatplan}
      locale={locale}
      t={t}
    />
  )
}

type Ready = Extract<OrderCart, { status: "ready" }> & { readonly seatActions: SeatActions }

type BoardProps = {
  readonly order: Exclude<OrderCart, { status: "unavailable" }>
  readonly seatActions: SeatActions | undefined
  readonly presentation: Presentation
  readonly plan: Seatplan["seatplan"]
  readonly locale: LocaleCode
  readonly t: Translate
}

const NO_SEATS: ReadonlyArray<CartSeat> = []

/** Before the cart is open, the statuses (asked with the stored cart token) say which seats are this cart's. */
const serverMarks = (statuses: SeatStatuses | undefined): SeatMarks => ({
  mine: (statuses?.seats ?? [])
    .filter((seat) => seat.isSelected)
    .map((seat) => ({ VenueSectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate })),
  pending: [],
})

/**
 * One tree for both moments, so that nothing the buyer sees is mounted twice (the map above all): while the
 * cart opens the seats are shown from the statuses and cannot be picked yet; once it is open they can.
 */
const SeatBoard = ({ order, seatActions, presentation, plan, locale, t }: BoardProps) => {
  // offline, the screen's own notice says why the statuses are not fresh
  const online = useOnline()
  const ready: Ready | undefined =
    order.status === "ready" && seatActions !== undefined ? { ...order, seatActions } : undefined
  const cart = ready?.cart
  const presentationId = presentation.id
  const queryClient = useQueryClient()
  // while a token is being earned (or before the cart is open) the stored one, if any, asks for the statuses
  const cartToken =
    order.status === "ready" && order.token.status === "ready" ? order.token.token : storedCartToken()
  const statusesOptions = seatStatusesQueryOptions(presentationId, cartToken, plan.seats)
  // a new token (the human check done) keeps showing the last answer until its own arrives: no seat flips back
  const statuses = useQuery({ ...statusesOptions, placeholderData: keepPreviousData })
  const config = useQuery(configQueryOptions())
  // the page loaded this already (same key): the ticket groups give each seat's lowest price in the list
  const detail = useQuery({ ...presentationDetailQueryOptions(presentationId, locale), enabled: false })
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)

  const held =
    cart !== undefined && seatActions !== undefined ? seatActions.heldSeats(cart, presentationId) : NO_SEATS
  const marks = useMemo(
    () =>
      cart !== undefined && seatActions !== undefined
        ? seatActions.seatMarks(cart, presentationId)
        : serverMarks(statuses.data),
    [seatActions, cart, presentationId, statuses.data],
  )
  const sections = useMemo(() => seatRows(plan, statuses.data, marks), [plan, statuses.data, marks])

  const now = useNow(cart?.timers.chooseSeats !== undefined)
  const timer = cart !== undefined && seatActions !== undefined ? seatActions.seatTimer(cart, now) : null

  // A held seat that leaves the cart without this cart asking (the hold lapsed or was taken over) is reported.
  const previous = useRef<ReadonlyArray<CartSeat>>(held)
  useEffect(() => {
    const before = previous.current
    previous.current = held
    if (cart === undefined || seatActions === undefined) return
    const lost = seatActions.lostHold(cart, presentationId, before, held)
    if (lost !== undefined) setProblem({ kind: "lost", row: lost.RowName, seat: lost.SeatName })
  }, [seatActions, cart, presentationId, held])

  const statusesAt = statuses.dataUpdatedAt
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per fresh statuses answer
  useEffect(() => {
    if (ready === undefined || statuses.data === undefined || statuses.isPlaceholderData) return
    ready.seatActions.settleIfStatusesDisagree(ready.log, ready.client, ready.cart, held, statuses.data)
  }, [statusesAt])

  const refreshStatuses = () => queryClient.invalidateQueries({ queryKey: statusesOptions.queryKey })
  const param665 = async () => (await queryClient.ensureQueryData(configQueryOptions())).params["665"]

  // general admission asks for a quantity (spec §2); reserved sections keep the map and the list
  const gaSections = plan.sections.filter((section) => !section.isReserved)
  const hasReserved = plan.sections.some((section) => section.isReserved)

  // The list is disabled until the cart is open; a tap on the map meanwhile is ignored the same way.
  const pick = async (item: SeatItem) => {
    if (ready === undefined || item.state === "pending" || item.state === "taken") return
    try {
      await ready.whenToken()
    } catch {
      return
    }
    try {
      const outcome = await ready.seatActions.pickPlace(
        ready.log,
        ready.client,
        presentationId,
        placeOf(item),
        item.state === "mine",
      )
      if (outcome.kind === "refused") {
        if (outcome.reason === "RECAPTCHA_REQUIRED") ready.renewToken()
        setProblem({ kind: "refused", reason: outcome.reason, held: held.length })
      } else if (outcome.kind === "unlockFailed") {
        if (outcome.reason === "RECAPTCHA_REQUIRED") ready.renewToken()
        setProblem({ kind: "unlockFailed", reason: outcome.reason })
      } else {
        setProblem(null)
        if (outcome.kind === "held")
          await ready.seatActions.startSeatTimer(ready.log, presentationId, param665)
      }
    } catch {
      // no answer (offline): the intent stays pending and the reconciler settles it when the network is back
    } finally {
      void refreshStatuses()
    }
  }

  const extend = async () => {
    if (ready === undefined) return
    setBusy(true)
    try {
      await ready.seatActions.extendSeatTimer(ready.log, ready.client, param665)
    } finally {
      setBusy(false)
    }
  }

  const startAgain = async () => {
    if (ready === undefined) return
    setBusy(true)
    try {
      await ready.seatActions.startAgain(ready.log, ready.client, presentationId, held)
      setProblem(null)
    } finally {
      setBusy(false)
      void refreshStatuses()
    }
  }

  const holdProps =
    ready === undefined
      ? undefined
      : {
          log: ready.log,
          cart: ready.cart,
          presentationId,
          held,
          whenToken: ready.whenToken,
          afterHold: async () => {
            setProblem(null)
            await ready.seatActions.startSeatTimer(ready.log, presentationId, param665)
            void refreshStatuses()
          },
          t,
        }

  return (
    <div className="order__body">
      <div className="order__seats">
        {ready?.token.status === "failed" ? (
          <p className="order__notice order__notice--problem" role="alert">
            {t("order.humanCheckFailed")}
          </p>
        ) : null}
        {statuses.isError && online ? (
          <p className="order__notice order__notice--problem">{t("order.statusesFailed")}</p>
        ) : null}
        {gaSections.length === 0 ? null : ready !== undefined && holdProps !== undefined ? (
          <ready.seatActions.GaQuantity
            sections={gaSections}
            statuses={statuses.data}
            client={ready.client}
            {...holdProps}
          />
        ) : (
          <GaQuantityPlaceholder sections={gaSections} statuses={statuses.data} t={t} />
        )}
        {hasReserved ? (
          <>
            {ready !== undefined && holdProps !== undefined ? (
              <ready.seatActions.BestAvailable {...holdProps} />
            ) : (
              <BestAvailablePlaceholder t={t} />
            )}
            {/* the map's box is reserved before its chunk arrives, so the legend and list below never jump */}
            <div className="seat-map-slot">
              <Suspense fallback={null}>
                <SeatMapView
                  plan={plan}
                  sections={sections}
                  ticketGroups={detail.data?.ticketGroups}
                  t={t}
                  onPick={(item) => void pick(item)}
                />
              </Suspense>
            </div>
            {/* each view has its key beside it: the map's colours above the map, the buttons' looks here */}
            <SeatListLegend t={t} />
            {/* a disabled fieldset disables every seat button in it at once, and says so to screen readers */}
            <fieldset className="seat-fieldset" disabled={ready === undefined}>
              <Suspense fallback={null}>
                <SeatList
                  sections={sections}
                  ticketGroups={detail.data?.ticketGroups ?? NO_GROUPS}
                  t={t}
                  onPick={(item) => void pick(item)}
                />
              </Suspense>
            </fieldset>
          </>
        ) : null}
      </div>
      <Basket
        seats={held}
        timer={timer}
        problem={problem === null || seatActions === undefined ? null : problemText(problem, t, seatActions)}
        busy={busy || config.isPending || ready === undefined}
        onExtend={() => void extend()}
        onStartAgain={() => void startAgain()}
        t={t}
        // the cart's opening and the human check are said here, in the basket's line that says what to do next,
        // not above the seats: a notice there pushed the seats down and back up as it went (issue 17, CLS 0.022)
        emptyText={
          ready === undefined ? (
            <span data-testid="cart-opening">{t("order.openingCart")}</span>
          ) : ready.token.status === "checking" ? (
            <span data-testid="human-check">{t("order.humanCheck")}</span>
          ) : hasReserved ? undefined : (
            t("orderSteps.ga.empty")
          )
        }
      >
        {ready !== undefined ? (
          <ready.seatActions.OtherShowings
            log={ready.log}
            client={ready.client}
            cart={ready.cart}
            presentationId={presentationId}
            locale={locale}
            t={t}
          />
        ) : null}
        {held.length > 0 && timer?.isExpired !== true ? (
          <ScreenLink
            className="button button--primary"
            link={screenLink(presentationId, "tickets", locale)}
            testId="continue"
          >
            {t("orderSteps.continueToTickets")}
          </ScreenLink>
        ) : null}
      </Basket>
    </div>
  )
}
