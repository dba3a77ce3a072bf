import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { withArabic } from "./arabic.ts"
import { PRICE_POLICY } from "./commerce.ts"
import { JOURNEY_PROJECTS, journeyPresentationId } from "./journeys.ts"
import type { Text } from "./localText.ts"
import { COLUMNS, insertRows } from "./write.ts"

const t = (he: string, en: string, ru: string): Text => withArabic({ he, en, ru })

/**
 * The demo's two partners (issue 19): each has a mini-site, a price list of its own (one ticket group whose
 * tickets ask for the partner's references), the showings of one cinema on its site, and a secret for
 * integration links. The secrets are the demo's only: src/server/miniSite/README.md signs a link with the first.
 */
export const DEMO_PARTNERS = [
  {
    id: 1,
    url: "techplus-club",
    name: t("מועדון העובדים טק-פלוס", "TechPlus Employees' Club", "Клуб сотрудников TechPlus"),
    ticketGroupId: 21,
    code: "PARTNER-TECHPLUS",
    locationId: 1170,
    secret: "techplus-demo-secret-0001",
    tickets: [
      { policy: PRICE_POLICY.regular, price: 3300, name: t("כרטיס מועדון", "Club ticket", "Билет клуба") },
      {
        policy: PRICE_POLICY.child,
        price: 2900,
        name: t("כרטיס מועדון ילד", "Club child ticket", "Детский билет клуба"),
      },
    ],
    // [reference, tickets it is good for]
    references: [
      ["TP-1001", 6],
      ["TP-1002", 0],
    ],
  },
  {
    id: 2,
    url: "student-union",
    name: t("אגודת הסטודנטים", "Student Union", "Студенческий союз"),
    ticketGroupId: 22,
    code: "PARTNER-STUDENTS",
    locationId: 1175,
    secret: "student-union-demo-secret-02",
    tickets: [
      {
        policy: PRICE_POLICY.student,
        price: 2500,
        name: t("כרטיס סטודנט", "Student ticket", "Студенческий билет"),
      },
    ],
    references: [["SU-2001", 6]],
  },
] as const

/** Showings each partner's site offers: its cinema's first standard-hall showings ahead. */
const SHOWINGS_PER_PARTNER = 80

/** The journey (e2e/mini-site.spec.ts) buys in its own presentation, which the first partner offers. */
const PARTNER_JOURNEYS = ["mini-site/buy"] as const

export const writeMiniSites = (withJourneys: boolean) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* insertRows(
      "ticket_groups",
      COLUMNS.ticket_groups,
      DEMO_PARTNERS.map((p, i) => ({ id: p.ticketGroupId, name: p.name, code: p.code, sort_order: 100 + i })),
    )
    yield* insertRows(
      "tickets",
      COLUMNS.tickets,
      DEMO_PARTNERS.flatMap((p) =>
        p.tickets.map((ticket, i) => ({
          id: p.ticketGroupId * 100 + i + 1,
          ticket_group_id: p.ticketGroupId,
          price_policy_id: ticket.policy,
          name: ticket.name,
          price_agorot: ticket.price,
          service_charge_agorot: 0,
          multiply_factor: 1,
          is_member_only: false,
          requires_reference: true,
          is_senior: false,
          includes_3d_glasses: false,
          min_per_order: 0,
          max_per_order: 6,
          requires_ticket_id: null,
          is_active: true,
          sort_order: i,
        })),
      ),
    )
    for (const p of DEMO_PARTNERS) {
      yield* sql`
        INSERT INTO mini_sites (id, url, name, ticket_group_id, integration_secret)
        VALUES (${p.id}, ${p.url}, ${JSON.stringify(p.name)}::jsonb, ${p.ticketGroupId}, ${p.secret})`
      for (const [reference, quantity] of p.references)
        yield* sql`
          INSERT INTO ticket_reference_options (ticket_id, reference1, quantity)
          SELECT id, ${reference}, ${quantity} FROM tickets WHERE ticket_group_id = ${p.ticketGroupId}`
      yield* sql`
        INSERT INTO mini_site_presentations (mini_site_id, presentation_id)
        SELECT ${p.id}, p.id FROM presentations p JOIN venues v ON v.id = p.venue_id
        WHERE v.location_id = ${p.locationId} AND v.venue_type_id < 100 AND p.is_on_sale
          AND p.starts_at > marquee_now() AND p.id < 900000
        ORDER BY p.starts_at, p.id LIMIT ${SHOWINGS_PER_PARTNER}`
    }
    if (withJourneys) {
      const ids = PARTNER_JOURNEYS.flatMap((j) =>
        JOURNEY_PROJECTS.map((project) => journeyPresentationId(j, project)),
      )
      yield* sql`
        INSERT INTO mini_site_presentations (mini_site_id, presentation_id)
        SELECT 1, id FROM presentations WHERE id IN ${sql.in(ids)}`
    }
  })
