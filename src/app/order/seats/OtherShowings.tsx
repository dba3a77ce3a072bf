import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { PresentationRemoved } from "../../../domain/cart/events.ts"
import { type Cart, type CartPresentation, findPresentation } from "../../../domain/cart/state.ts"
import { type CartLog, eventMeta } from "../../cart/cartLog.ts"
import { unlockSeats } from "../../cart/seatCommands.ts"
import { formatLongDateTime } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { temporal } from "../../lib/temporal.ts"
import type { SeatsClient } from "../../seating/seatsClient.ts"
import { screenLink } from "../flow.ts"
import { presentationDetailQueryOptions } from "../queries.ts"
import { ScreenLink } from "../StepFrame.tsx"
import "./otherShowings.css"

/**
 * Issue 16, spec §4 basket: the other showings of this ticket order, each with its seats, a way back to them
 * and "remove" (its seats released first, then `PresentationRemoved`), and "add another showing": the next
 * showing the buyer opens joins the order (`CartLog.setAddingShowing`, read by `selectForTickets`). All of them
 * are paid in one commit. Part of the seat screen's lazy actions chunk: it appends cart events itself.
 */

type Props = {
  readonly log: CartLog
  readonly client: SeatsClient
  readonly cart: Cart
  /** the showing this seat screen is for (its seats are the basket's own list) */
  readonly presentationId: number
  readonly locale: LocaleCode
  readonly t: Translate
}

/** Releases a showing's seats, then takes it out of the cart; false when the server kept a seat. */
export const removeShowing = async (
  log: CartLog,
  client: SeatsClient,
  presentationId: number,
): Promise<boolean> => {
  const seats = findPresentation(log.store.state(), presentationId)?.seats ?? []
  if (seats.length > 0)
    await unlockSeats(
      log,
      client,
      presentationId,
      seats.map((seat) => ({ VenueSectionId: seat.VenueSectionId, x: seat.x, y: seat.y })),
    )
  // a seat still held (the release was refused, or had no answer) stays in the order: nothing is lost silently
  if ((findPresentation(log.store.state(), presentationId)?.seats.length ?? 0) > 0) return false
  await log.store.append([PresentationRemoved.make({ ...eventMeta(), presentationId })])
  return true
}

export const OtherShowings = ({ log, client, cart, presentationId, locale, t }: Props) => {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const others = cart.presentations.filter(
    (p) => p.facts.id !== presentationId && p.seats.length > 0 && !p.isEnrolling,
  )
  const holdsSeats = cart.presentations.some((p) => p.seats.length > 0 && !p.isEnrolling)

  const remove = async (id: number) => {
    setBusy(true)
    setFailed(false)
    const removed = await removeShowing(log, client, id).catch(() => false)
    setFailed(!removed)
    setBusy(false)
  }

  const addAnother = () => {
    log.setAddingShowing(true)
    void navigate({ to: "/", search: { lang: locale } })
  }

  return (
    <section className="basket__showings" aria-labelledby="other-showings" data-testid="other-showings">
      {others.length > 0 ? (
        <>
          <h3 id="other-showings" className="basket__subtitle">
            {t("multiShowing.otherShowings")}
          </h3>
          <ul className="basket__showing-list">
            {others.map((showing) => (
              <ShowingLine
                key={showing.facts.id}
                showing={showing}
                busy={busy}
                onRemove={() => void remove(showing.facts.id)}
                locale={locale}
                t={t}
              />
            ))}
          </ul>
        </>
      ) : null}
      {failed ? (
        <p className="basket__problem" role="alert">
          {t("multiShowing.removeFailed")}
        </p>
      ) : null}
      {holdsSeats ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={addAnother}
          disabled={busy}
          data-testid="add-showing"
        >
          {t("multiShowing.add")}
        </button>
      ) : null}
    </section>
  )
}

const ShowingLine = ({
  showing,
  busy,
  onRemove,
  locale,
  t,
}: {
  readonly showing: CartPresentation
  readonly busy: boolean
  readonly onRemove: () => void
  readonly locale: LocaleCode
  readonly t: Translate
}) => {
  const detail = useQuery(presentationDetailQueryOptions(showing.facts.id, locale))
  const name = detail.data?.presentation.featureName ?? ""
  return (
    <li className="basket__showing" data-testid="other-showing">
      <span className="basket__showing-name">{name}</span>{" "}
      <time dateTime={showing.facts.dateTime}>
        {formatLongDateTime(temporal(), showing.facts.dateTime, locale)}
      </time>{" "}
      <span>{t("multiShowing.seats", { n: showing.seats.length })}</span>
      <span className="basket__showing-actions">
        <ScreenLink className="button button--ghost" link={screenLink(showing.facts.id, "seats", locale)}>
          {t("multiShowing.changeSeats")}
        </ScreenLink>
        <button
          type="button"
          className="button button--ghost"
          onClick={onRemove}
          disabled={busy}
          aria-label={t("multiShowing.removeLabel", { feature: name })}
          data-testid="remove-showing"
        >
          {t("multiShowing.remove")}
        </button>
      </span>
    </li>
  )
}
