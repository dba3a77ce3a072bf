import type { SeatRef } from "../api/SeatsApi.ts"
import type { CartEvent } from "../domain/cart/events.ts"
import { solveHumanCheck } from "./humanCheckSolver.ts"
import { type SeatCallOutcome, seatCalls } from "./seatCalls.ts"

export interface Difference {
  readonly commandId: string
  readonly command: "lock" | "unlock"
  /** what the log recorded: "ok" or the refusal code; "none" when the log has no verdict for it */
  readonly logged: string
  readonly server: string
}

export interface AgainstReport {
  readonly server: string
  readonly commands: number
  readonly matched: number
  readonly differences: ReadonlyArray<Difference>
}

const outcomeOf = (result: SeatCallOutcome<unknown>) => (result._tag === "Ok" ? "ok" : result.code)

/**
 * Re-drives the seat commands of a log against a server, in log order, with one fresh cart, and compares each
 * answer with the verdict the log recorded for the same command id. Other events are not sent: they are the
 * browser's own decisions, which the fold already replays.
 */
export const driveAgainst = async (
  base: string,
  events: ReadonlyArray<CartEvent>,
): Promise<AgainstReport> => {
  const client = seatCalls(base)
  const cart = await client.newCart(await solveHumanCheck(base))
  if (cart._tag !== "Ok") throw new Error(`${base} refused a new cart: ${cart.code}`)
  const token = cart.value.token

  const verdicts = new Map<string, string>()
  for (const event of events) {
    if (event._tag === "SeatLocked") verdicts.set(event.commandId, "ok")
    if (event._tag === "SeatLockRejected" || event._tag === "SeatUnlockRejected")
      verdicts.set(event.commandId, event.reason)
    if (event._tag === "SeatUnlocked" && event.commandId !== null) verdicts.set(event.commandId, "ok")
  }

  const differences: Array<Difference> = []
  let commands = 0
  for (const event of events) {
    if (event._tag !== "SeatLockRequested" && event._tag !== "SeatUnlockRequested") continue
    commands++
    const seats: Array<SeatRef> = event.seats.map((seat) => ({
      PresentationId: event.presentationId,
      VenueSectionId: seat.VenueSectionId,
      XCoordinate: seat.x,
      YCoordinate: seat.y,
    }))
    const command = event._tag === "SeatLockRequested" ? "lock" : "unlock"
    const answer = command === "lock" ? await client.lock(token, seats) : await client.unlock(token, seats)
    const logged = verdicts.get(event.commandId) ?? "none"
    const server = outcomeOf(answer)
    if (logged !== server) differences.push({ commandId: event.commandId, command, logged, server })
  }
  return { server: base, commands, matched: commands - differences.length, differences }
}
