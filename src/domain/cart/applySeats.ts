import { seatKey } from "../seating/seatKeys.ts"
import type {
  SeatHoldsRenewed,
  SeatLocked,
  SeatLockLost,
  SeatLockRejected,
  SeatLockRequested,
  SeatUnlocked,
  SeatUnlockRejected,
  SeatUnlockRequested,
  TicketChosen,
} from "./events.ts"
import type { LockedCartSeat } from "./facts.ts"
import {
  autoTicketRefusal,
  canAddLockedSeats,
  canChooseTicket,
  canRequestSeats,
  canRequestUnlock,
  hasSeat,
} from "./rules.ts"
import { type Cart, type CartPresentation, type CartSeat, guarded, type SeatCommand } from "./state.ts"
import { instantMs, type SeatPlace } from "./values.ts"

/**
 * Seats follow the server (spec §4 seat flow, CONVENTIONS 7): a request only records the intent (the UI shows
 * its seats as pending); a seat becomes selected when `SeatLocked` arrives, and unselected on `SeatUnlocked` or a
 * lost hold. A refused lock leaves its seats unselected; a refused unlock leaves them selected. Releasing a seat
 * drops its ticket with it.
 */

const updatePresentation = (
  cart: Cart,
  presentationId: number,
  update: (presentation: CartPresentation) => CartPresentation,
): Cart => ({
  ...cart,
  presentations: cart.presentations.map((p) => (p.facts.id === presentationId ? update(p) : p)),
})

/**
 * Settled commands kept for recognising a late or repeated verdict: between this many and twice as many. Pending
 * ones are always kept; older settled ones are dropped (the log still has them), so a long session's projection
 * and snapshots stay small and each event costs the same instead of growing with the session.
 */
export const MAX_SETTLED_COMMANDS = 50

const withCommand = (cart: Cart, commandId: string, command: SeatCommand): Cart => {
  const commands: Record<string, SeatCommand> = { ...cart.commands, [commandId]: command }
  const ids = Object.keys(commands)
  // pruned in bulk once twice the limit is reached, so the scan is paid once per MAX_SETTLED_COMMANDS events
  if (ids.length <= 2 * MAX_SETTLED_COMMANDS) return { ...cart, commands }
  const settled = ids.filter((id) => commands[id]?.status !== "pending")
  for (const id of settled.slice(0, Math.max(0, settled.length - MAX_SETTLED_COMMANDS))) delete commands[id]
  return { ...cart, commands }
}

const settle = (cart: Cart, commandId: string, patch: Pick<SeatCommand, "status" | "reason">): Cart => {
  const command = cart.commands[commandId]
  return command === undefined ? cart : withCommand(cart, commandId, { ...command, ...patch })
}

const removeSeats = (cart: Cart, presentationId: number, places: ReadonlyArray<SeatPlace>): Cart => {
  const gone = new Set(places.map((place) => seatKey(presentationId, place)))
  return updatePresentation(cart, presentationId, (p) => {
    const seats = p.seats.filter((seat) => !gone.has(seat.key))
    return { ...p, seats, holdExpiresAt: seats.length === 0 ? null : p.holdExpiresAt }
  })
}

/** A retried request (same commandId) is the same intent: recognised, not recorded twice. */
export const applySeatLockRequested = (cart: Cart, event: SeatLockRequested): Cart =>
  cart.commands[event.commandId] !== undefined
    ? cart
    : guarded(cart, event, canRequestSeats(cart, event.presentationId, event.seats), () =>
        withCommand(cart, event.commandId, {
          kind: "lock",
          presentationId: event.presentationId,
          seats: event.seats,
          requestedAt: event.at,
          status: "pending",
          reason: null,
        }),
      )

const newSeat = (presentationId: number, locked: LockedCartSeat, expiresAt: string): CartSeat => ({
  key: seatKey(presentationId, locked),
  presentationId,
  VenueSectionId: locked.VenueSectionId,
  x: locked.x,
  y: locked.y,
  RowName: locked.RowName,
  SeatName: locked.SeatName,
  TicketGroupId: locked.TicketGroupId,
  allocationId: locked.allocationId,
  holdExpiresAt: expiresAt,
  ticket: null,
  ticketSource: null,
  autoTicketRefusal: null,
  isFirstAddonSelected: false,
  isMultiplyFactorSubTicket: false,
  seatModifiers: [],
})

/**
 * The server's seats win over the requested ones (a general-admission lock answers the place it chose). Each new
 * seat takes its auto-selected first ticket if the first-ticket rule allows it here; the used balance counts
 * the seats of this same verdict as they are added. Every seat of the presentation gets the new deadline,
 * because the server extends all of the cart's holds on a presentation together.
 */
export const applySeatLocked = (cart: Cart, event: SeatLocked): Cart => {
  const command = cart.commands[event.commandId]
  if (command !== undefined && command.status !== "pending") return cart
  return guarded(cart, event, canAddLockedSeats(cart, event.presentationId), () => {
    const used = new Map(Object.entries(cart.usedBalance).map(([id, count]) => [Number(id), count]))
    const added: Array<CartSeat> = []
    for (const locked of event.seats) {
      const key = seatKey(event.presentationId, locked)
      if (hasSeat(cart, event.presentationId, locked) || added.some((seat) => seat.key === key)) continue
      const seat = newSeat(event.presentationId, locked, event.expiresAt)
      const ticket = locked.ticket
      if (ticket === null) {
        added.push(seat)
        continue
      }
      const refusal = autoTicketRefusal(cart, ticket, used.get(ticket.ticketId) ?? 0)
      if (refusal === null) used.set(ticket.ticketId, (used.get(ticket.ticketId) ?? 0) + 1)
      added.push(
        refusal === null
          ? { ...seat, ticket, ticketSource: "auto" }
          : { ...seat, autoTicketRefusal: refusal },
      )
    }
    const withSeats = updatePresentation(cart, event.presentationId, (p) => ({
      ...p,
      seats: [...p.seats, ...added].map((seat) => ({ ...seat, holdExpiresAt: event.expiresAt })),
      holdExpiresAt: event.expiresAt,
    }))
    const settled: SeatCommand = {
      kind: "lock",
      presentationId: event.presentationId,
      seats: command?.seats ?? event.seats.map(({ VenueSectionId, x, y }) => ({ VenueSectionId, x, y })),
      requestedAt: command?.requestedAt ?? event.at,
      status: "accepted",
      reason: null,
    }
    return {
      ...withCommand(withSeats, event.commandId, settled),
      startDateTime: cart.startDateTime ?? event.at,
    }
  })
}

/**
 * A refused lock: its seats were never selected (selection waits for the server), so they simply stop being
 * pending. Seats the cart already holds under another command stay: the server still holds them.
 */
export const applySeatLockRejected = (cart: Cart, event: SeatLockRejected): Cart => {
  const command = cart.commands[event.commandId]
  if (command?.kind !== "lock" || command.status !== "pending") return cart
  return settle(cart, event.commandId, { status: "refused", reason: event.reason })
}

export const applySeatUnlockRequested = (cart: Cart, event: SeatUnlockRequested): Cart =>
  cart.commands[event.commandId] !== undefined
    ? cart
    : guarded(cart, event, canRequestUnlock(cart, event.presentationId, event.seats), () =>
        withCommand(cart, event.commandId, {
          kind: "unlock",
          presentationId: event.presentationId,
          seats: event.seats,
          requestedAt: event.at,
          status: "pending",
          reason: null,
        }),
      )

/** Releasing what is already gone is a no-op, so a repeated unlock answer is harmless. */
export const applySeatUnlocked = (cart: Cart, event: SeatUnlocked): Cart => {
  const released = removeSeats(cart, event.presentationId, event.seats)
  return event.commandId === null
    ? released
    : settle(released, event.commandId, { status: "accepted", reason: null })
}

export const applySeatUnlockRejected = (cart: Cart, event: SeatUnlockRejected): Cart => {
  const command = cart.commands[event.commandId]
  if (command?.kind !== "unlock" || command.status !== "pending") return cart
  return settle(cart, event.commandId, { status: "refused", reason: event.reason })
}

export const applySeatLockLost = (cart: Cart, event: SeatLockLost): Cart =>
  removeSeats(cart, event.presentationId, event.seats)

/** A renewal never shortens a hold (an answer that arrives late cannot undo a later lock's deadline). */
export const applySeatHoldsRenewed = (cart: Cart, event: SeatHoldsRenewed): Cart =>
  updatePresentation(cart, event.presentationId, (p) => {
    const later = (current: string) =>
      instantMs(event.expiresAt) > instantMs(current) ? event.expiresAt : current
    return {
      ...p,
      seats: p.seats.map((seat) => ({ ...seat, holdExpiresAt: later(seat.holdExpiresAt) })),
      holdExpiresAt: p.holdExpiresAt === null ? p.holdExpiresAt : later(p.holdExpiresAt),
    }
  })

export const applyTicketChosen = (cart: Cart, event: TicketChosen): Cart =>
  guarded(cart, event, canChooseTicket(cart, event.presentationId, event.seat, event.ticket), () => {
    const key = seatKey(event.presentationId, event.seat)
    return updatePresentation(cart, event.presentationId, (p) => ({
      ...p,
      seats: p.seats.map((seat) =>
        seat.key === key
          ? {
              ...seat,
              ticket: event.ticket,
              ticketSource: "chosen",
              autoTicketRefusal: null,
              isFirstAddonSelected: event.isFirstAddonSelected,
              isMultiplyFactorSubTicket: event.isMultiplyFactorSubTicket,
              seatModifiers: event.seatModifiers,
            }
          : seat,
      ),
    }))
  })
