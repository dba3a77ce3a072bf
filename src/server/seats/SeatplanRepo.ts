import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { Seatplan, SeatplanSeat } from "../../api/SeatsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { placeKey, rowKey } from "../../domain/seating/seatKeys.ts"
import { focalPoint, type PlanSeat, rowBlocks } from "../../domain/seating/seatplan.ts"
import { type BlockPosition, indexBlocks } from "../../domain/seating/singleSeatPlan.ts"
import { localized } from "../localized.ts"

/** A seatplan as the seating rules need it: seats by id and by (section, x, y), and GA sections. */
type IndexedSeat = PlanSeat & { readonly rowName: string; readonly seatName: string }

export interface PlanIndex {
  readonly seatplanId: number
  readonly venueId: number
  readonly seats: ReadonlyArray<IndexedSeat>
  readonly byId: ReadonlyMap<number, IndexedSeat>
  readonly byCoordinate: ReadonlyMap<string, IndexedSeat>
  readonly blocks: ReadonlyArray<ReadonlyArray<IndexedSeat>>
  readonly positions: ReadonlyMap<number, BlockPosition<IndexedSeat>>
  /** seat ids of each sofa or bed */
  readonly groups: ReadonlyMap<number, ReadonlyArray<number>>
  readonly focal: { readonly x: number; readonly y: number }
  readonly sections: ReadonlyMap<number, { readonly isReserved: boolean; readonly capacity: number }>
}

interface SeatRow extends PlanSeat {
  readonly rowName: string
  readonly seatName: string
  readonly ticketGroupId: number | null
}

/**
 * Seatplans: what `POST /seats/seatplanV2` draws, and the per-process index the lock path resolves coordinates
 * with. Seatplans do not change while the server runs (a hall is rebuilt offline), so each is read once per
 * process; statuses, which do change, are never cached.
 */
export class SeatplanRepo extends Context.Service<
  SeatplanRepo,
  {
    readonly index: (venueId: number, seatplanId: number) => Effect.Effect<Option.Option<PlanIndex>>
    readonly seatplan: (
      venueId: number,
      seatplanId: number,
      lang: LocaleCode,
    ) => Effect.Effect<Option.Option<Seatplan>>
  }
>()("marquee/seats/SeatplanRepo") {
  static readonly layer = Layer.effect(
    SeatplanRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const indexes = new Map<string, Effect.Effect<Option.Option<PlanIndex>>>()

      const seatRows = (seatplanId: number) => sql<SeatRow>`
        SELECT id, section_id AS "sectionId", seat_group_id AS "groupId", row_index AS "rowIndex",
          seat_index AS "seatIndex", x, y, is_premium AS "isPremium", is_wheelchair AS "isWheelchair",
          is_companion AS "isCompanion", is_limited_view AS "isLimitedView", row_name AS "rowName",
          seat_name AS "seatName", default_ticket_group_id AS "ticketGroupId"
        FROM seats WHERE seatplan_id = ${seatplanId}
        ORDER BY section_id, row_index, seat_index`

      const venueHasPlan = (venueId: number, seatplanId: number) =>
        sql<{
          n: number
        }>`SELECT 1 AS n FROM venues WHERE id = ${venueId} AND seatplan_id = ${seatplanId}`.pipe(
          Effect.map((rows) => rows.length > 0),
        )

      const build = Effect.fn("SeatplanRepo.build")(function* (venueId: number, seatplanId: number) {
        if (!(yield* venueHasPlan(venueId, seatplanId))) return Option.none()
        const seats = yield* seatRows(seatplanId)
        const sectionRows = yield* sql<{ id: number; isReserved: boolean; capacity: number }>`
          SELECT id, is_reserved AS "isReserved", capacity FROM venue_sections WHERE seatplan_id = ${seatplanId}`
        const blocks = rowBlocks(seats)
        const groups = new Map<number, Array<number>>()
        for (const seat of seats) {
          if (seat.groupId === null) continue
          const members = groups.get(seat.groupId) ?? []
          members.push(seat.id)
          groups.set(seat.groupId, members)
        }
        const built: PlanIndex = {
          seatplanId,
          blocks,
          positions: indexBlocks(blocks),
          groups,
          focal: focalPoint(seats),
          venueId,
          seats,
          byId: new Map(seats.map((seat) => [seat.id, seat])),
          byCoordinate: new Map(
            seats.map((seat) => [placeKey(seat.sectionId, seat.seatIndex, seat.rowIndex), seat]),
          ),
          sections: new Map(
            sectionRows.map((s) => [s.id, { isReserved: s.isReserved, capacity: s.capacity }]),
          ),
        }
        return Option.some(built)
      }, Effect.orDie)

      // Single flight: the first request for a plan builds its index and everyone arriving meanwhile waits
      // for that one build (64 buyers opening a 22,816-seat hall at once must not build it 64 times).
      const index = (venueId: number, seatplanId: number): Effect.Effect<Option.Option<PlanIndex>> =>
        Effect.suspend(() => {
          const key = `${venueId}:${seatplanId}`
          let shared = indexes.get(key)
          if (shared === undefined) {
            shared = Effect.runSync(Effect.cached(build(venueId, seatplanId)))
            indexes.set(key, shared)
          }
          return shared
        })

      const seatplan = Effect.fn("SeatplanRepo.seatplan")(function* (
        venueId: number,
        seatplanId: number,
        lang: LocaleCode,
      ) {
        const found = yield* index(venueId, seatplanId)
        if (Option.isNone(found)) return Option.none<Seatplan>()
        const sections = yield* sql<Seatplan["seatplan"]["sections"][number]>`
          SELECT id, ${localized(sql, "name", lang)} AS name, is_reserved AS "isReserved", capacity,
            sort_order AS "sortOrder"
          FROM venue_sections WHERE seatplan_id = ${seatplanId} ORDER BY sort_order, id`
        const groups = yield* sql<Seatplan["seatplan"]["groups"][number]>`
          SELECT id, section_id AS "sectionId", kind, seat_count AS "seatCount"
          FROM seat_groups WHERE seatplan_id = ${seatplanId} ORDER BY id`
        const rows = yield* seatRows(seatplanId)
        const seats: Array<SeatplanSeat> = rows.map((seat) => ({
          VenueSectionId: seat.sectionId,
          VenueSectionSeatGroupId: seat.groupId,
          TicketGroupId: seat.ticketGroupId,
          XCoordinate: seat.seatIndex,
          YCoordinate: seat.rowIndex,
          RowName: seat.rowName,
          SeatName: seat.seatName,
          PositionX: seat.x,
          PositionY: seat.y,
          isPremium: seat.isPremium,
          isHandicap: seat.isWheelchair,
          isCompanion: seat.isCompanion,
          isLimitedView: seat.isLimitedView,
        }))
        const rowNames = new Map<string, Seatplan["seatplan"]["rows"][number]>()
        for (const seat of rows) {
          const key = rowKey(seat.sectionId, seat.rowIndex)
          if (!rowNames.has(key))
            rowNames.set(key, {
              sectionId: seat.sectionId,
              YCoordinate: seat.rowIndex,
              RowName: seat.rowName,
            })
        }
        const xs = rows.map((s) => s.x)
        const ys = rows.map((s) => s.y)
        const width = xs.length === 0 ? 0 : Math.max(...xs) - Math.min(...xs) + 1
        const height = ys.length === 0 ? 0 : Math.max(...ys) - Math.min(...ys) + 1
        return Option.some<Seatplan>({
          seatplan: {
            id: seatplanId,
            venueId,
            width,
            height,
            focalPoint: focalPoint(rows),
            sections,
            groups,
            rows: [...rowNames.values()],
            seats,
          },
        })
      }, Effect.orDie)

      return SeatplanRepo.of({ index, seatplan })
    }),
  )
}
