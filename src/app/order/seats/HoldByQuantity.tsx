import { useId, useState } from "react"
import type { BestAvailableMatch, SeatStatuses } from "../../../api/SeatsApi.ts"
import { SeatLocked } from "../../../domain/cart/events.ts"
import type { Cart, CartSeat } from "../../../domain/cart/state.ts"
import { LOCK_REFUSALS, narrowRefusal } from "../../../domain/seating/refusals.ts"
import { type CartLog, eventMeta } from "../../cart/cartLog.ts"
import { lockSeats } from "../../cart/seatCommands.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { apiFetch } from "../../lib/api.ts"
import { referralParams } from "../../lib/referral.ts"
import { bestAvailableUrl, type SeatsClient } from "../../seating/seatsClient.ts"
import { lockProblemText } from "./seatProblems.ts"

const MAX_QUANTITY = 10

type Shared = {
  readonly log: CartLog
  readonly cart: Cart
  readonly presentationId: number
  readonly held: ReadonlyArray<CartSeat>
  /** resolves with the cart token (solving the human check first if needed) */
  readonly whenToken: () => Promise<string>
  /** after a successful hold: the seat step's timer, a fresh look at the statuses */
  readonly afterHold: () => Promise<void>
  readonly t: Translate
}

const QuantityPicker = ({
  label,
  button,
  max,
  busy,
  onPick,
  testId,
}: {
  readonly label: string
  readonly button: string
  readonly max: number
  readonly busy: boolean
  readonly onPick: (quantity: number) => void
  readonly testId: string
}) => {
  const id = useId()
  const [quantity, setQuantity] = useState(Math.min(2, Math.max(1, max)))
  return (
    <div className="quantity-pick" data-testid={testId}>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <select
          id={id}
          className="field__input"
          value={quantity}
          onChange={(event) => setQuantity(Number(event.target.value))}
        >
          {Array.from({ length: Math.max(1, Math.min(MAX_QUANTITY, max)) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--primary"
        disabled={busy || max < 1}
        onClick={() => onPick(quantity)}
      >
        {button}
      </button>
    </div>
  )
}

/**
 * General admission (spec §2 "GA presentations skip the map and ask for a quantity"): the buyer says how many
 * places in a section; the lock names that many places and the server picks which slots they are.
 */
export const GaQuantity = ({
  sections,
  statuses,
  client,
  ...shared
}: Shared & {
  readonly sections: ReadonlyArray<{ readonly id: number; readonly name: string; readonly capacity: number }>
  readonly statuses: SeatStatuses | undefined
  readonly client: SeatsClient
}) => {
  const { log, presentationId, held, whenToken, afterHold, t } = shared
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const hold = async (sectionId: number, quantity: number) => {
    setBusy(true)
    setProblem(null)
    try {
      await whenToken()
      const taken = new Set(held.filter((seat) => seat.VenueSectionId === sectionId).map((seat) => seat.x))
      // the request names distinct places the cart does not hold yet; the server chooses the real slots
      const places: Array<{ VenueSectionId: number; x: number; y: number }> = []
      for (let x = 0; places.length < quantity; x++)
        if (!taken.has(x)) places.push({ VenueSectionId: sectionId, x, y: 0 })
      const after = await lockSeats(log, client, presentationId, places)
      const command = Object.values(after.commands).at(-1)
      if (command?.status === "refused")
        setProblem(lockProblemText(narrowRefusal(LOCK_REFUSALS, command.reason ?? ""), held.length, t))
      else await afterHold()
    } catch {
      setProblem(t("order.problems.lockFailed"))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="order-step" aria-labelledby="ga-title" data-testid="ga-quantity">
      <h2 id="ga-title" className="basket__title">
        {t("orderSteps.ga.title")}
      </h2>
      <p className="order__facts">{t("orderSteps.ga.intro")}</p>
      {sections.map((section) => {
        const status = statuses?.sections.find((s) => s.id === section.id)
        const left = status?.available ?? section.capacity
        return (
          <div key={section.id} className="ticket-seat" data-testid="ga-section">
            <p className="ticket-seat__name">{t("orderSteps.ga.section", { name: section.name })}</p>
            <p className="ticket-seat__note">
              {status?.isSoldOut ? t("orderSteps.ga.soldOut") : t("orderSteps.ga.left", { n: left })}
            </p>
            {status?.isSoldOut ? null : (
              <QuantityPicker
                label={t("orderSteps.ga.quantity")}
                button={t("orderSteps.ga.hold")}
                max={left}
                busy={busy}
                onPick={(quantity) => void hold(section.id, quantity)}
                testId="ga-pick"
              />
            )}
          </div>
        )
      })}
      <div aria-live="polite" className="basket__live">
        {problem !== null ? <p className="basket__problem">{problem}</p> : null}
      </div>
    </section>
  )
}

/**
 * Best available next to the map (spec §4, §9): the server picks the best seats together for the quantity and
 * holds them in the same call; its answer goes into the log as the lock verdict.
 */
export const BestAvailable = (props: Shared) => {
  const { log, presentationId, held, whenToken, afterHold, t } = props
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const find = async (quantity: number) => {
    setBusy(true)
    setProblem(null)
    try {
      const token = await whenToken()
      const url = bestAvailableUrl(presentationId, quantity, referralParams(presentationId).miniSiteUrl)
      const response = await apiFetch(url, { headers: { accept: "application/json", "x-cart-token": token } })
      const body = (await response.json().catch(() => null)) as {
        matches?: ReadonlyArray<BestAvailableMatch>
        error?: string
      } | null
      const match = body?.matches?.[0]
      if (!response.ok || match === undefined || !match.isLocked || match.expiresAt === null) {
        // holding the match answers the lock's codes (the cap, a busy database, the human check): their words
        const refusal = narrowRefusal(LOCK_REFUSALS, body?.error ?? "")
        setProblem(
          body?.error === "NOT_ENOUGH_SEATS" || (response.ok && match === undefined)
            ? t("orderSteps.best.notEnough")
            : refusal === "Error occurred"
              ? t("orderSteps.best.failed")
              : lockProblemText(refusal, held.length, t),
        )
        return
      }
      await log.store.append([
        SeatLocked.make({
          ...eventMeta(),
          commandId: crypto.randomUUID(),
          presentationId,
          expiresAt: match.expiresAt,
          seats: match.seats.map((seat) => ({
            VenueSectionId: seat.VenueSectionId,
            x: seat.XCoordinate,
            y: seat.YCoordinate,
            RowName: seat.RowName,
            SeatName: seat.SeatName,
            TicketGroupId: null,
            allocationId: null,
            ticket: null,
          })),
        }),
      ])
      await afterHold()
    } catch {
      setProblem(t("orderSteps.best.failed"))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="code-entry" aria-labelledby="best-title" data-testid="best-available">
      <h2 id="best-title" className="field__label">
        {t("orderSteps.best.title")}
      </h2>
      <QuantityPicker
        label={t("orderSteps.best.quantity")}
        button={t("orderSteps.best.find")}
        max={MAX_QUANTITY}
        busy={busy}
        onPick={(quantity) => void find(quantity)}
        testId="best-pick"
      />
      <div aria-live="polite" className="basket__live">
        {problem !== null ? (
          <p className="basket__problem" data-testid="best-problem">
            {problem}
          </p>
        ) : null}
      </div>
    </section>
  )
}
