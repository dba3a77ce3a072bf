import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useEffect, useMemo, useRef, useState } from "react"
import type { PresentationDetail, Ticket, TicketGroup } from "../../../api/PresentationEntities.ts"
import type { SeatplanSeat } from "../../../api/SeatsApi.ts"
import type { TicketEligibility } from "../../../api/TicketCodesApi.ts"
import { autoSelectTicket } from "../../../domain/cart/autoTicket.ts"
import type { CartEvent } from "../../../domain/cart/events.ts"
import { type CartSeat, findPresentation } from "../../../domain/cart/state.ts"
import {
  LOYALTY_TICKETS_PER_ORDER,
  type TicketProblem,
  ticketProblems,
} from "../../../domain/order/ticketRules.ts"
import { placeKeyOf, placeKeyOfSeat } from "../../../domain/seating/seatKeys.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { screenLink } from "../flow.ts"
import { NoSeats } from "../NoSeats.tsx"
import { OrderStep, type StepProps } from "../OrderStep.tsx"
import { OrderSummary, ticketName } from "../OrderSummary.tsx"
import { seatplanQueryOptions } from "../queries.ts"
import { useStepTimer } from "../useStepTimer.ts"
import { applyCode } from "./applyCode.ts"
import { CodeEntry } from "./CodeEntry.tsx"
import { checkEligibility, lookUpMember } from "./codesClient.ts"
import { LoyaltyLogin } from "./LoyaltyLogin.tsx"
import { SeatTicketRow } from "./SeatTicketRow.tsx"
import { chosen, groupsForSeat, ruleSeats, seatPriceLevel, subTicket, toCartTicket } from "./ticketChoice.ts"
import { useLoyaltyTickets } from "./useLoyaltyTickets.ts"
import "../order.css"
import "../steps.css"

type Props = { readonly presentationId: number; readonly locale: LocaleCode }

export const TicketsPage = ({ presentationId, locale }: Props) => (
  <OrderStep
    presentationId={presentationId}
    locale={locale}
    screen="tickets"
    title="orderSteps.tickets.title"
    // one step per showing: the router reuses this route's screen from one showing's tickets to the next (issue 16's
    // basket), and what the buyer did on one (codes, confirmations, details asked) is not the other's
    step={(props) => <TicketsStep key={props.detail.presentation.id} {...props} />}
  />
)

const NO_SEATS: ReadonlyArray<CartSeat> = []

const TicketsStep = ({ order, detail, locale, t }: StepProps) => {
  const { log, cart, client } = order
  const presentation = detail.presentation
  const navigate = useNavigate()
  const seats = findPresentation(cart, presentation.id)?.seats ?? NO_SEATS
  const control = useStepTimer(log, cart, client, presentation.id, "chooseTickets")
  const plan = useQuery({
    ...seatplanQueryOptions(presentation.venueId, presentation.seatplanId ?? 0, locale),
    enabled: presentation.seatplanId !== null,
  })
  const planSeats = useMemo(() => {
    const byKey = new Map<string, SeatplanSeat>()
    for (const seat of plan.data?.seatplan.seats ?? []) byKey.set(placeKeyOfSeat(seat), seat)
    return byKey
  }, [plan.data])
  const [unlocked, setUnlocked] = useState<ReadonlyArray<number>>([])
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set())
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set())
  const [problems, setProblems] = useState<ReadonlyArray<TicketProblem> | null>(null)

  const planSeatOf = (seat: CartSeat) => planSeats.get(placeKeyOf(seat))
  const groupsOf = (seat: CartSeat): ReadonlyArray<TicketGroup> =>
    groupsForSeat(detail.ticketGroups, seat, planSeatOf(seat), unlocked)

  // loyalty login by member number and points redemption, only where param 64 turns it on
  const { loyaltyOn, member, pointsUsed, pointsBalance, logIn, removeMember, pointsFor } = useLoyaltyTickets({
    log,
    cart,
    seats,
    detail,
    onChange: () => setProblems(null),
  })

  // First-ticket auto-select (spec §4) for seats that arrived without one, once per seat. The screen shows the
  // seats before this effect has run and before its append has landed: "continue" waits for both (`autoSelect`
  // below), or a press in between found the seats without the tickets being written for them and stayed, with a
  // "choose a ticket" problem for seats that had one a moment later (a flaky two-showing journey).
  const autoDone = useRef(new Set<string>())
  const autoSelecting = useRef<Promise<unknown>>(Promise.resolve())
  const autoSelect = (): Promise<unknown> => {
    if (presentation.seatplanId !== null && plan.data === undefined) return autoSelecting.current
    const events: Array<CartEvent> = []
    const keys: Array<string> = []
    for (const seat of seats) {
      if (seat.ticket !== null || seat.isMultiplyFactorSubTicket || autoDone.current.has(seat.key)) continue
      autoDone.current.add(seat.key)
      const pick = autoSelectTicket(cart, groupsOf(seat).map(withCartFields), {
        sectionId: seat.VenueSectionId,
      })
      if (pick._tag !== "Found") continue
      keys.push(seat.key)
      events.push(chosen(presentation.id, seat, toCartTicket(pick.ticket, pick.ticketGroupId)))
    }
    if (events.length === 0) return autoSelecting.current
    const written = log.store.append(events).catch(() => {
      // not stored (the transaction failed, the log is as it was): those seats are tried again at the next change
      for (const key of keys) autoDone.current.delete(key)
    })
    autoSelecting.current = Promise.all([autoSelecting.current, written])
    return autoSelecting.current
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the seats or the seatplan change
  useEffect(() => {
    void autoSelect()
  }, [seats, plan.data])

  const needsConfirmation = (seat: CartSeat) => {
    const planSeat = planSeatOf(seat)
    const special =
      planSeat?.isHandicap === true || planSeat?.isLimitedView === true || planSeat?.isCompanion === true
    return special && !confirmed.has(seat.key)
  }

  const choose = async (
    seat: CartSeat,
    ticket: Ticket,
    group: TicketGroup,
    eligibility: TicketEligibility | null,
  ) => {
    const main = toCartTicket(ticket, group.id, {
      memberNumber: eligibility?.memberNumber ?? null,
      membershipLoyaltyId: eligibility?.membershipId ?? null,
      balance: eligibility?.memberBalance ?? null,
      ref1: eligibility?.reference1 ?? null,
      ref2: eligibility?.reference2 ?? null,
    })
    const events: Array<CartEvent> = [chosen(presentation.id, seat, main)]
    const others = seats.filter((other) => other.key !== seat.key)
    // a ticket leaving a sofa-for-two frees the seat it covered: that seat gets its own ticket back
    const previous = seat.ticket
    if (previous !== null && previous.multiplyFactor > 1 && !seat.isMultiplyFactorSubTicket) {
      const freed = others.filter(
        (o) => o.isMultiplyFactorSubTicket && o.ticket?.ticketId === previous.ticketId,
      )
      for (const other of freed.slice(0, previous.multiplyFactor - 1)) {
        const pick = autoSelectTicket(cart, groupsOf(other).map(withCartFields), {
          sectionId: other.VenueSectionId,
        })
        if (pick._tag === "Found")
          events.push(chosen(presentation.id, other, toCartTicket(pick.ticket, pick.ticketGroupId)))
      }
    }
    if (ticket.multiplyFactor > 1) {
      // the seats it covers: the same sofa or bed first, then the next seats that have no ticket of their own
      const group = planSeatOf(seat)?.VenueSectionSeatGroupId ?? null
      const candidates = [
        ...others.filter((o) => group !== null && planSeatOf(o)?.VenueSectionSeatGroupId === group),
        ...others.filter((o) => group === null || planSeatOf(o)?.VenueSectionSeatGroupId !== group),
      ].filter((o) => o.ticket === null || o.ticket.multiplyFactor <= 1 || o.isMultiplyFactorSubTicket)
      for (const other of candidates.slice(0, ticket.multiplyFactor - 1))
        events.push(chosen(presentation.id, other, subTicket(main), true))
    }
    await log.store.append(events)
    setProblems(null)
  }

  const onCode = async (code: string) => {
    const result = await applyCode(presentation.id, code, seats, detail, locale)
    if (result.events.length > 0) await log.store.append(result.events)
    if (result.unlockedGroup !== null) setUnlocked((ids) => [...ids, result.unlockedGroup as number])
    return { ok: result.ok, text: t(result.message.key, result.message.params) }
  }

  const goOn = async () => {
    // the first tickets this screen chose, made now if its effect has not run yet, and stored: then the log's seats
    await autoSelect()
    const now = log.store.state()
    const current = findPresentation(now, presentation.id)?.seats ?? NO_SEATS
    const found = [
      ...ticketProblems(
        ruleSeats(current, detail.ticketGroups, needsConfirmation, (seat) =>
          seatPriceLevel(
            detail.ticketGroups,
            seat,
            planSeatOf(seat),
            presentation.seatplanId === null || plan.data !== undefined,
          ),
        ),
        { pointsBalance, loyaltyTicketLimit: LOYALTY_TICKETS_PER_ORDER },
      ),
      ...[...pending].map((seatKey) => ({ code: "detailsNeeded" as const, seatKey })),
    ]
    setProblems(found as ReadonlyArray<TicketProblem>)
    if (found.length > 0) return
    // issue 16: another showing of the order whose seats still need tickets comes next, then the extras
    const next = now.presentations.find(
      (p) => p.facts.id !== presentation.id && !p.isEnrolling && p.seats.some((seat) => seat.ticket === null),
    )
    void navigate(
      next === undefined
        ? screenLink(presentation.id, "products", locale)
        : screenLink(next.facts.id, "tickets", locale),
    )
  }

  const startAgain = async () => {
    await control.startAgain()
    void navigate(screenLink(presentation.id, "seats", locale))
  }

  if (seats.length === 0) return <NoSeats presentationId={presentation.id} locale={locale} t={t} />

  return (
    <div className="order__body">
      <div className="order-step">
        <ul className="ticket-seats">
          {seats.map((seat) => (
            <SeatTicketRow
              key={seat.key}
              seat={seat}
              planSeat={planSeatOf(seat)}
              groups={groupsOf(seat)}
              coveredBy={seats.find(
                (o) =>
                  !o.isMultiplyFactorSubTicket &&
                  o.key !== seat.key &&
                  o.ticket !== null &&
                  o.ticket.ticketId === seat.ticket?.ticketId,
              )}
              confirmed={confirmed.has(seat.key)}
              onConfirm={(value) =>
                setConfirmed((set) => {
                  const next = new Set(set)
                  if (value) next.add(seat.key)
                  else next.delete(seat.key)
                  return next
                })
              }
              onChoose={(ticket, group, eligibility) => choose(seat, ticket, group, eligibility)}
              check={(ticket, extra) => checkEligibility(presentation.id, ticket.id, extra, log.cartToken())}
              onPending={(value) =>
                setPending((set) => {
                  const next = new Set(set)
                  if (value) next.add(seat.key)
                  else next.delete(seat.key)
                  return next
                })
              }
              loyaltyNumber={member?.allowMemberSaleTickets === true ? member.memberNumber : undefined}
              points={pointsFor(seat)}
              locale={locale}
              t={t}
            />
          ))}
        </ul>
        {loyaltyOn ? (
          <LoyaltyLogin
            member={member}
            pointsUsed={pointsUsed}
            onLookUp={(proof) => lookUpMember(presentation.id, proof, log.cartToken(), locale)}
            onLogIn={logIn}
            onRemove={removeMember}
            locale={locale}
            t={t}
          />
        ) : null}
        <CodeEntry onApply={onCode} t={t} />
      </div>
      <OrderSummary
        detail={detail}
        cart={cart}
        seats={seats}
        control={control}
        expiredText={t("orderSteps.expired.tickets")}
        onStartAgain={() => void startAgain()}
        locale={locale}
        t={t}
      >
        <ProblemList problems={problems} seats={seats} detail={detail} t={t} />
        <button
          type="button"
          className="button button--primary"
          onClick={() => void goOn()}
          data-testid="continue"
        >
          {t("orderSteps.continue")}
        </button>
      </OrderSummary>
    </div>
  )
}

const withCartFields = (group: TicketGroup) => ({
  ...group,
  tickets: group.tickets.map((ticket) => ({
    ...ticket,
    ticketId: ticket.id,
    systemVoucher: null,
    balance: null,
  })),
})

type ListProps = {
  readonly problems: ReadonlyArray<TicketProblem | { code: "detailsNeeded"; seatKey: string }> | null
  readonly seats: ReadonlyArray<CartSeat>
  readonly detail: PresentationDetail
  readonly t: Translate
}

/** The combination rules' verdict, in words, announced when the buyer tries to go on. */
const ProblemList = ({ problems, seats, detail, t }: ListProps) => {
  const seatOf = (key: string) => seats.find((seat) => seat.key === key)
  const text = (problem: NonNullable<ListProps["problems"]>[number]): string => {
    switch (problem.code) {
      case "seatWithoutTicket":
      case "confirmSeat":
      case "detailsNeeded": {
        const seat = seatOf(problem.seatKey)
        return t(`orderSteps.rules.${problem.code}`, { row: seat?.RowName ?? "", seat: seat?.SeatName ?? "" })
      }
      case "multiplierError":
        return t("orderSteps.rules.multiplierError", { covered: problem.covered, seats: problem.seats })
      case "underMin":
        return t("orderSteps.rules.underMin", {
          ticket: ticketName(detail, problem.ticketId),
          min: problem.min,
        })
      case "overMax":
        return t("orderSteps.rules.overMax", {
          ticket: ticketName(detail, problem.ticketId),
          max: problem.max,
        })
      case "requiresTicket":
        return t("orderSteps.rules.requiresTicket", {
          ticket: ticketName(detail, problem.ticketId),
          required: ticketName(detail, problem.requiredTicketId),
        })
      case "soldOut":
        return t("orderSteps.rules.soldOut", {
          ticket: ticketName(detail, problem.ticketId),
          n: problem.balance,
        })
      case "loyaltyCap":
        return t("orderSteps.rules.loyaltyCap", { n: problem.count, max: problem.max })
      case "pointsBalance":
        return t("orderSteps.rules.pointsBalance", { points: problem.points, balance: problem.balance })
      case "priceLevel":
        return t("orderSteps.rules.priceLevel")
    }
  }
  return (
    <div aria-live="polite" className="basket__live">
      {problems !== null && problems.length > 0 ? (
        <ul className="basket__problem order-problems" data-testid="order-problem">
          {problems.map((problem) => (
            <li
              key={`${problem.code}-${"seatKey" in problem ? problem.seatKey : ""}-${"ticketId" in problem ? problem.ticketId : ""}`}
            >
              {text(problem)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
