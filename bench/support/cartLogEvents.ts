/**
 * A realistic cart log for bench/cart-log.ts: the events the app's store and the raw IndexedDB baselines both
 * write and replay (bench/support/cartLogMeasure.ts).
 */
import { Result } from "effect"
import {
  type CartEvent,
  CartTypeChosen,
  CustomerInfoSet,
  PresentationSelected,
  ProductQuantitySet,
  SeatLocked,
  SeatLockRequested,
  SeatUnlocked,
  SeatUnlockRequested,
  StepTimerExtended,
  StepTimerStarted,
  TicketChosen,
} from "../../src/domain/cart/events.ts"
import { decodeCartEvent } from "../../src/domain/cart/migrate.ts"
import { addSeconds, agorot } from "../../src/domain/cart/values.ts"
import { customer, locked, place, presentation, T0, ticket } from "../../tests/domain/cart/fixtures.ts"

/** the store's default (eventStore.ts); the raw baselines snapshot at the same points */
export const SNAPSHOT_EVERY = 100
/** events per append when a cart is seeded */
export const SEED_BATCH = 100

/** cartLog.ts's event decoder, which it does not export */
export const decode = (encoded: unknown): CartEvent => {
  const decoded = decodeCartEvent(encoded)
  if (Result.isFailure(decoded)) throw new Error(`unreadable cart event: ${decoded.failure.message}`)
  return decoded.success
}

const PRESENTATION_ID = 1
const CYCLE = 12
const PRELUDE = 3

/**
 * Event `index` (0-based) of a cart whose event ids start with `prefix`: the order kind, the customer and a
 * presentation, then cycles of seat locks and their verdicts, tickets, products, step timers and unlocks.
 * Every event takes effect in the fold (no rejections), the held seats stay few, and the seat commands pile
 * up as they do in a real long cart (the fold keeps every command id to recognise retries). Only the event
 * ids carry the prefix (they are unique across the table), so carts of one size fold to the same state.
 */
export const cartEvent = (prefix: string, index: number): CartEvent => {
  const meta = { eventId: `${prefix}-${index}`, at: addSeconds(T0, index * 5) }
  if (index === 0) return CartTypeChosen.make({ ...meta, cartType: "tickets" })
  if (index === 1) return CustomerInfoSet.make({ ...meta, customerInfo: customer() })
  if (index === 2)
    return PresentationSelected.make({
      ...meta,
      presentation: presentation({ id: PRESENTATION_ID }),
      isEnrolling: false,
    })
  const cycle = Math.floor((index - PRELUDE) / CYCLE)
  const step = (index - PRELUDE) % CYCLE
  const x = (cycle * 2) % 20
  const y = Math.floor(cycle / 10) % 15
  const first = place(x, y)
  const second = place(x + 1, y)
  const product = 300 + (cycle % 5)
  const presentationId = PRESENTATION_ID
  switch (step) {
    case 0:
      return SeatLockRequested.make({
        ...meta,
        commandId: `lock-${cycle}`,
        presentationId,
        seats: [first, second],
      })
    case 1:
      return SeatLocked.make({
        ...meta,
        commandId: `lock-${cycle}`,
        presentationId,
        seats: [locked(first.x, first.y, ticket()), locked(second.x, second.y, ticket())],
        expiresAt: addSeconds(meta.at, 600),
      })
    case 2:
      return StepTimerStarted.make({ ...meta, step: "chooseTickets", deadline: addSeconds(meta.at, 600) })
    case 3:
      return TicketChosen.make({
        ...meta,
        presentationId,
        seat: first,
        ticket: ticket({ ticketId: 502, price: agorot(3900) }),
        isFirstAddonSelected: false,
        isMultiplyFactorSubTicket: false,
        seatModifiers: [],
      })
    case 4:
      return ProductQuantitySet.make({
        ...meta,
        productId: product,
        price: agorot(1800),
        quantity: 1 + (cycle % 3),
      })
    case 5:
      return StepTimerExtended.make({ ...meta, step: "chooseTickets", deadline: addSeconds(meta.at, 1200) })
    case 6:
      return SeatUnlockRequested.make({
        ...meta,
        commandId: `unlock-${cycle}`,
        presentationId,
        seats: [second],
      })
    case 7:
      return SeatUnlocked.make({
        ...meta,
        commandId: `unlock-${cycle}`,
        presentationId,
        seats: [second],
      })
    case 8:
      return ProductQuantitySet.make({ ...meta, productId: product, price: agorot(1800), quantity: 0 })
    case 9:
      return SeatUnlockRequested.make({
        ...meta,
        commandId: `unlock-all-${cycle}`,
        presentationId,
        seats: [first],
      })
    case 10:
      return SeatUnlocked.make({
        ...meta,
        commandId: `unlock-all-${cycle}`,
        presentationId,
        seats: [first],
      })
    default:
      return StepTimerStarted.make({ ...meta, step: "chooseSeats", deadline: addSeconds(meta.at, 900) })
  }
}

export const cartEvents = (prefix: string, from: number, count: number): Array<CartEvent> =>
  Array.from({ length: count }, (_, i) => cartEvent(prefix, from + i))
