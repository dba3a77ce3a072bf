/**
 * Every page the app can show, as TanStack Router writes its full paths (`$name` is one path segment). The
 * server answers these with the app shell and status 200, and anything else with the shell and 404, so a
 * crawler or a link checker sees a dead link as dead. tests/api/pagePaths.test.ts compares this list with the
 * generated route tree (src/app/routeTree.gen.ts): a route added to the app and not here fails that test.
 */
export const PAGE_PATHS = [
  "/",
  "/support",
  "/leaving",
  "/terms/$code",
  // the marketing forms (issue 19)
  "/forms/$kind",
  // movie pages, cinema info and search (issue 19)
  "/movies/$featureId",
  "/cinemas/$locationId",
  "/search",
  "/edocument/$documentKey",
  "/wallet",
  "/customer/",
  "/customer/$token",
  "/order/",
  "/order/payment-return",
  "/order/confirmation/$identifier",
  "/order/$presentationId",
  "/order/$presentationId/",
  "/order/$presentationId/customer",
  "/order/$presentationId/pay",
  "/order/$presentationId/products",
  "/order/$presentationId/seats",
  "/order/$presentationId/tickets",
  // orders without a showing (issue 16): vouchers, donations, food alone, and their shared steps
  "/vouchers/",
  "/vouchers/$systemVoucherSuperClassId",
  "/donate",
  "/food",
  "/shop/vouchers/auth",
  "/shop/$kind/customer",
  "/shop/$kind/pay",
  // video on demand (issue 16)
  "/watch/$presentationId",
  "/watch/play/$purchaseId",
  // season enrolment (issue 16)
  "/enrol/$membershipId",
  "/enrol/$membershipId/seats",
  "/enrol/$membershipId/tickets",
  "/enrol/$membershipId/presentations",
  "/enrol/$membershipId/presentation-seats",
  "/enrol/$membershipId/customer",
  "/enrol/$membershipId/confirmation",
  "/enrol/$membershipId/payment-return",
  // the staff app (issue 18)
  "/PRES-live",
  "/PRES-live/",
  "/PRES-live/login",
  "/PRES-live/day/$date",
  "/PRES-live/location/$date/$locationId",
  "/PRES-live/box/$date/$locationId/$by/$id",
  "/PRES-live/reports",
  // the membership order (issue 16): chooseMemberships and its season seat, then the shop's shared steps
  "/memberships/",
  "/memberships/seats",
  "/PRES-live/references/",
  "/PRES-live/references/$priceRowId",
  "/PRES-live/v2",
  // partners (issue 19): a partner's mini-site, its signed links, and a cinema offline for sales
  "/mini-site/$url",
  "/integration",
  "/offline-venue/$presentationId",
] as const

const segmentsOf = (path: string): ReadonlyArray<string> => path.split("/").filter((part) => part !== "")

/** The router ignores one trailing slash ("/order" and "/order/" are one page), so matching does too. */
const PATTERNS: ReadonlyArray<ReadonlyArray<string>> = PAGE_PATHS.map(segmentsOf)

const matches = (pattern: ReadonlyArray<string>, segments: ReadonlyArray<string>): boolean =>
  pattern.length === segments.length &&
  pattern.every((part, i) => (part.startsWith("$") ? segments[i] !== "" : part === segments[i]))

/** Whether the app has a page at `pathname` (the URL's path, without search or hash). */
export const isPagePath = (pathname: string): boolean => {
  if (pathname.includes("//")) return false
  const segments = segmentsOf(pathname)
  return PATTERNS.some((pattern) => matches(pattern, segments))
}

/**
 * The frame a page is drawn in, by its path's first segment: the order flows' (`_booking`: the brand alone in the
 * header), the staff app's, or the public pages' (`_default`: search and languages beside the brand; also every
 * 404). The server paints that frame's header before any script runs (src/server/http/shellDocument.ts);
 * tests/api/pagePaths.test.ts checks this against the route files' folders.
 */
export type PageFrame = "booking" | "staff" | "default"

const BOOKING_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  "order",
  "enrol",
  "edocument",
  "vouchers",
  "donate",
  "food",
  "shop",
  "memberships",
])

export const pageFrameOf = (pathname: string): PageFrame => {
  if (!isPagePath(pathname)) return "default"
  const first = segmentsOf(pathname)[0] ?? ""
  if (first === "PRES-live") return "staff"
  return BOOKING_FIRST_SEGMENTS.has(first) ? "booking" : "default"
}
