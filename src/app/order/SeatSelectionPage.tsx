import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react"
import type { Presentation } from "../../api/PresentationsApi.ts"
import { CartReset, StepTimerExtended, StepTimerStarted } from "../../domain/cart/events.ts"
import type { LockRejectionReason } from "../../domain/cart/facts.ts"
import { type Cart, type CartSeat, findPresentation, type SeatCommand } from "../../domain/cart/state.ts"
import { stepDeadline, timerState } from "../../domain/cart/timers.ts"
import type { SeatPlace } from "../../domain/cart/values.ts"
import { eventMeta } from "../cart/cartLog.ts"
import { reconcile } from "../cart/reconciler.ts"
import { lockSeats, unlockSeats } from "../cart/seatCommands.ts"
import { formatLongDateTime } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { type Translate, useT } from "../i18n/useI18n.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { temporal } from "../lib/temporal.ts"
import { Basket } from "./Basket.tsx"
import { presentationDetailQueryOptions, seatplanQueryOptions, seatStatusesQueryOptions } from "./queries.ts"
import { SeatList } from "./SeatList.tsx"
import { placeKey, type SeatItem, seatRows } from "./seatRows.ts"
import { useNow } from "./useNow.ts"
import { type OrderCart, useOrderCart } from "./useOrderCart.ts"
import "./order.css"

// The map (regl and its shaders) arrives after the list: the list is usable at once and is the accessible view.
const SeatMapView = lazy(() =>
  import("../seatmap/SeatMapView.tsx").then((module) => ({ default: module.SeatMapView })),
)

type Props = { readonly presentationId: number; readonly locale: LocaleCode }

type Problem =
  | { readonly kind: "refused"; readonly reason: LockRejectionReason | string; readonly held: number }
  | { readonly kind: "lost"; readonly row: string; readonly seat: string }
  | { readonly kind: "unlockFailed" }

const problemText = (problem: Problem, t: Translate): string => {
  if (problem.kind === "lost") return t("order.problems.lost", { row: problem.row, seat: problem.seat })
  if (problem.kind === "unlockFailed") return t("order.problems.unlockFailed")
  switch (problem.reason) {
    case "lock_seat_error":
      return t("order.problems.lock_seat_error")
    case "singleSeatError":
      return t("order.problems.singleSeatError")
    case "seatLimitReached":
      // the limit is reached when the seats already held are all this cart may hold
      return t("order.problems.seatLimitReached", { n: problem.held })
    default:
      return t("order.problems.lockFailed")
  }
}

/** The command a seat call just appended: commands keep insertion order and each call adds a fresh id. */
const lastCommand = (cart: Cart, kind: SeatCommand["kind"]): SeatCommand | undefined =>
  Object.values(cart.commands)
    .filter((command) => command.kind === kind)
    .at(-1)

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
      {presentation.seatplanId === null ? (
        <p className="order__notice">{t("order.noSeatplan")}</p>
      ) : (
        <SeatPicker presentation={presentation} seatplanId={presentation.seatplanId} locale={locale} t={t} />
      )}
    </div>
  )
}

const NO_SEATS: ReadonlyArray<CartSeat> = []

type PickerProps = {
  readonly presentation: Presentation
  readonly seatplanId: number
  readonly locale: LocaleCode
  readonly t: Translate
}

const SeatPicker = ({ presentation, seatplanId, locale, t }: PickerProps) => {
  const order = useOrderCart(presentation)
  const { data: plan } = useSuspenseQuery(seatplanQueryOptions(presentation.venueId, seatplanId, locale))
  if (order.status === "opening") return <p className="order__notice">{t("status.loading")}</p>
  if (order.status === "unavailable") return <p className="order__notice">{t("order.unavailable")}</p>
  return <ReadyPicker order={order} presentation={presentation} plan={plan.seatplan} t={t} />
}

type ReadyProps = {
  readonly order: Extract<OrderCart, { status: "ready" }>
  readonly presentation: Presentation
  readonly plan: Parameters<typeof seatRows>[0]
  readonly t: Translate
}

const ReadyPicker = ({ order, presentation, plan, t }: ReadyProps) => {
  const { log, cart, client, token, whenToken, renewToken } = order
  const presentationId = presentation.id
  const queryClient = useQueryClient()
  const cartToken = token.status === "ready" ? token.token : null
  const statusesOptions = seatStatusesQueryOptions(presentationId, cartToken)
  const statuses = useQuery({ ...statusesOptions, enabled: token.status !== "checking" })
  const config = useQuery(configQueryOptions())
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)

  const held: ReadonlyArray<CartSeat> = findPresentation(cart, presentationId)?.seats ?? NO_SEATS
  const sections = useMemo(
    () => seatRows(plan, statuses.data, cart, presentationId),
    [plan, statuses.data, cart, presentationId],
  )

  const chooseSeats = cart.timers.chooseSeats
  const now = useNow(chooseSeats !== undefined)
  const timer = timerState(cart, now).steps.find((step) => step.step === "chooseSeats") ?? null

  useLostHolds(cart, presentationId, held, setProblem)

  // The statuses are a second witness: when a fresh answer no longer lists a held seat as ours, the reconciler
  // settles it now instead of at its next trigger (a reconnect whose first request failed, a lapsed hold).
  const statusesAt = statuses.dataUpdatedAt
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per fresh statuses answer
  useEffect(() => {
    const data = statuses.data
    if (data === undefined || held.length === 0) return
    if (Object.values(cart.commands).some((command) => command.status === "pending")) return
    const ours = new Set(
      data.seats
        .filter((seat) => seat.isSelected)
        .map((seat) =>
          placeKey({ VenueSectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }),
        ),
    )
    if (held.every((seat) => ours.has(placeKey(seat)))) return
    void reconcile(log, client).catch(() => undefined)
  }, [statusesAt])

  const refreshStatuses = () => queryClient.invalidateQueries({ queryKey: statusesOptions.queryKey })

  const param665 = async () => (await queryClient.ensureQueryData(configQueryOptions())).params["665"]

  const startTimerIfNeeded = async () => {
    const state = log.store.state()
    const holds = findPresentation(state, presentationId)?.seats.length ?? 0
    if (holds === 0 || state.timers.chooseSeats !== undefined) return
    const meta = eventMeta()
    const deadline = stepDeadline(await param665(), "chooseSeats", meta.at)
    await log.store.append([StepTimerStarted.make({ ...meta, step: "chooseSeats", deadline })])
  }

  const pick = async (item: SeatItem) => {
    if (item.state === "pending" || item.state === "taken") return
    try {
      await whenToken()
    } catch {
      return
    }
    try {
      if (item.state === "mine") {
        const after = await unlockSeats(log, client, presentationId, [placeOf(item)])
        setProblem(lastCommand(after, "unlock")?.status === "refused" ? { kind: "unlockFailed" } : null)
      } else {
        const after = await lockSeats(log, client, presentationId, [placeOf(item)])
        const command = lastCommand(after, "lock")
        if (command?.status === "refused") {
          if (command.reason === "RECAPTCHA_REQUIRED") renewToken()
          setProblem({ kind: "refused", reason: command.reason ?? "", held: held.length })
        } else {
          setProblem(null)
          await startTimerIfNeeded()
        }
      }
    } catch {
      // no answer (offline): the intent stays pending and the reconciler settles it when the network is back
    } finally {
      void refreshStatuses()
    }
  }

  const extend = async () => {
    setBusy(true)
    try {
      const meta = eventMeta()
      const deadline = stepDeadline(await param665(), "chooseSeats", meta.at)
      await log.store.append([StepTimerExtended.make({ ...meta, step: "chooseSeats", deadline })])
    } finally {
      setBusy(false)
    }
  }

  const startAgain = async () => {
    setBusy(true)
    try {
      // release what the server still holds, best effort: holds lapse by themselves anyway
      if (held.length > 0)
        await unlockSeats(
          log,
          client,
          presentationId,
          held.map((seat) => ({ VenueSectionId: seat.VenueSectionId, x: seat.x, y: seat.y })),
        ).catch(() => undefined)
      await log.store.append([CartReset.make({ ...eventMeta(), keepCustomerInfo: true })])
      setProblem(null)
    } finally {
      setBusy(false)
      void refreshStatuses()
    }
  }

  return (
    <div className="order__body">
      <div className="order__seats">
        {token.status === "checking" ? (
          <p className="order__notice" role="status" data-testid="human-check">
            {t("order.humanCheck")}
          </p>
        ) : null}
        {token.status === "failed" ? (
          <p className="order__notice order__notice--problem" role="alert">
            {t("order.humanCheckFailed")}
          </p>
        ) : null}
        {statuses.isError ? (
          <p className="order__notice order__notice--problem">{t("order.statusesFailed")}</p>
        ) : null}
        <Legend t={t} />
        <Suspense fallback={null}>
          <SeatMapView plan={plan} sections={sections} t={t} onPick={(item) => void pick(item)} />
        </Suspense>
        <SeatList sections={sections} t={t} onPick={(item) => void pick(item)} />
      </div>
      <Basket
        seats={held}
        timer={timer}
        problem={problem === null ? null : problemText(problem, t)}
        busy={busy || config.isPending}
        onExtend={() => void extend()}
        onStartAgain={() => void startAgain()}
        t={t}
      />
    </div>
  )
}

const Legend = ({ t }: { readonly t: Translate }) => (
  <div className="seat-legend">
    <span className="seat-legend__title">{t("order.legend.title")}</span>
    <ul className="seat-legend__items">
      {(["free", "mine", "taken", "singleSeatBlock"] as const).map((state) => (
        <li key={state} className="seat-legend__item">
          <span className="seat seat--swatch" data-state={state} aria-hidden="true" />
          {t(`order.legend.${state}`)}
        </li>
      ))}
    </ul>
  </div>
)

/**
 * A held seat that leaves the cart without this cart asking (the reconciler's `SeatLockLost`: the hold lapsed
 * or was taken over) is reported to the buyer by row and seat.
 */
const useLostHolds = (
  cart: Cart,
  presentationId: number,
  held: ReadonlyArray<CartSeat>,
  report: (problem: Problem) => void,
) => {
  const previous = useRef<ReadonlyArray<CartSeat>>(held)
  useEffect(() => {
    const before = previous.current
    previous.current = held
    if (findPresentation(cart, presentationId) === undefined) return
    const now = new Set(held.map(placeKey))
    // the latest command naming a seat says whether this cart let it go
    const latest = new Map<string, SeatCommand>()
    for (const command of Object.values(cart.commands))
      if (command.presentationId === presentationId)
        for (const seat of command.seats) {
          const key = placeKey(seat)
          const seen = latest.get(key)
          if (seen === undefined || seen.requestedAt <= command.requestedAt) latest.set(key, command)
        }
    const released = new Set(
      [...latest].filter(([, command]) => command.kind === "unlock").map(([key]) => key),
    )
    const lost = before.find((seat) => !now.has(placeKey(seat)) && !released.has(placeKey(seat)))
    if (lost !== undefined) report({ kind: "lost", row: lost.RowName, seat: lost.SeatName })
  }, [cart, presentationId, held, report])
}
