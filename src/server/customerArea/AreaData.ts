import { Temporal } from "@js-temporal/polyfill"
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { AreaMember, AreaVodTicket, CustomerAreaData } from "../../api/CustomerAreaApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { memberState, renewalOffered, vodState } from "../../domain/customerArea/states.ts"
import { maskSsn, openSsn, ssnKeys } from "../customer/ssnProtection.ts"
import { localized } from "../localized.ts"
import { chainToday, toChainIso } from "../time.ts"
import { listReservations } from "./AreaReservations.ts"
import { loadVouchers, toAreaVoucher } from "./AreaVouchers.ts"
import type { AreaConfig } from "./areaConfig.ts"
import { creditBalance } from "./credit.ts"

/** Everything `GET /customer-area/customerAreaData` answers, for one customer (the session's, never the request's). */
export const customerAreaData = Effect.fn("AreaData.customerAreaData")(function* (
  customerId: number,
  lang: LocaleCode,
  config: AreaConfig,
) {
  const sql = yield* SqlClient.SqlClient
  const nowMs = yield* Clock.currentTimeMillis
  const todayDate = chainToday(Temporal.Instant.fromEpochMilliseconds(nowMs))
  const today = todayDate.toString()

  // the ID number is kept sealed (migration 0025): opened here only to be shown masked
  const customers = yield* sql<{
    id: number
    firstName: string
    lastName: string
    email: string | null
    mobile: string | null
    ssnSealed: string | null
  }>`
    SELECT c.id, c.first_name AS "firstName", c.last_name AS "lastName", c.email, c.mobile,
      c.ssn_sealed AS "ssnSealed"
    FROM customers c WHERE c.id = ${customerId}`.pipe(Effect.orDie)
  const customer = customers[0]
  const sealed = customer?.ssnSealed ?? null
  const ssn = sealed === null ? null : openSsn(yield* ssnKeys, sealed)

  const members = yield* sql<{
    memberNumber: string
    membershipId: number
    membershipTypeId: number
    name: string
    className: string
    startDate: string
    endDate: string
    balance: number
    usedBalance: number
    pointsBalance: number
    allowMemberSaleTickets: boolean
    renewsOnline: boolean
  }>`
    SELECT m.member_number AS "memberNumber", m.membership_id AS "membershipId",
      ms.membership_type_id AS "membershipTypeId", ${localized(sql, "ms.name", lang)} AS name,
      ${localized(sql, "ms.class_name", lang)} AS "className", m.start_date::text AS "startDate",
      m.end_date::text AS "endDate", m.balance, m.used_balance AS "usedBalance", m.points_balance AS "pointsBalance",
      m.allow_member_sale_tickets AS "allowMemberSaleTickets",
      (ms.is_sold_online AND EXISTS (SELECT 1 FROM membership_prices mp WHERE mp.membership_id = ms.id))
        AS "renewsOnline"
    FROM members m JOIN memberships ms ON ms.id = m.membership_id
    WHERE m.customer_id = ${customerId}
    ORDER BY m.end_date DESC, m.id`.pipe(Effect.orDie)
  const lastOfferDay = todayDate.add({ days: config.renewalWindowDays }).toString()

  const vods = yield* sql<{
    id: string
    featureId: number
    featureName: string
    fromMs: number
    untilMs: number
    limit: number | null
    count: number
    lastMs: number | null
    purchasedAtMs: number
    price: number
  }>`
    SELECT vp.id::text AS id, f.id AS "featureId", ${localized(sql, "f.name", lang)} AS "featureName",
      (extract(epoch FROM vp.available_from) * 1000)::float8 AS "fromMs",
      (extract(epoch FROM vp.available_until) * 1000)::float8 AS "untilMs",
      vp.playback_limit AS limit, vp.playback_count AS count,
      (extract(epoch FROM vp.last_playback_at) * 1000)::float8 AS "lastMs",
      (extract(epoch FROM vp.purchased_at) * 1000)::float8 AS "purchasedAtMs", vp.price_agorot AS price
    FROM vod_purchases vp JOIN features f ON f.id = vp.feature_id
    WHERE vp.customer_id = ${customerId}
    ORDER BY vp.available_until DESC, vp.id`.pipe(Effect.orDie)

  const vouchers = yield* loadVouchers(customerId, lang)
  const reservations = yield* listReservations(customerId, lang, nowMs, config.cancellationCutoffMinutes)

  return {
    customer: {
      CustomerId: customerId,
      FirstName: customer?.firstName ?? "",
      LastName: customer?.lastName ?? "",
      SSN: ssn === null ? null : maskSsn(ssn),
      EmailAddress1: customer?.email ?? null,
      MobileNumber1: customer?.mobile ?? null,
    },
    transactionCredit: yield* creditBalance(customerId),
    reservations,
    SystemVouchers: vouchers.map((row) => toAreaVoucher(row, today)),
    Members: members.map((m): AreaMember => {
      const state = memberState(m.startDate, m.endDate, today)
      return {
        ...m,
        state,
        isAvailable: state === "active",
        isExpired: state === "expired",
        isNotStarted: state === "notStarted",
        renewalOffered: renewalOffered(state, m.endDate, lastOfferDay),
      }
    }),
    VODTickets: vods.map(
      (v): AreaVodTicket => ({
        id: v.id,
        featureId: v.featureId,
        featureName: v.featureName,
        state: vodState(v.fromMs, v.untilMs, nowMs),
        availableFrom: toChainIso(v.fromMs),
        availableUntil: toChainIso(v.untilMs),
        playbackCount: v.count,
        playbackBalance: v.limit === null ? null : Math.max(0, v.limit - v.count),
        lastPlayback: v.lastMs === null ? null : toChainIso(v.lastMs),
        purchasedAt: toChainIso(v.purchasedAtMs),
        price: v.price,
      }),
    ),
    serverTime: toChainIso(nowMs),
  } satisfies CustomerAreaData
})
