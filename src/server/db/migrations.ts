import catalogue from "./migrations/0001_catalogue.ts"
import seating from "./migrations/0002_seating.ts"
import commerce from "./migrations/0003_commerce.ts"
import people from "./migrations/0004_people.ts"
import sales from "./migrations/0005_sales.ts"
import holds from "./migrations/0006_holds.ts"
import holdBatches from "./migrations/0007_hold_batches.ts"
import codes from "./migrations/0008_codes.ts"
import payments from "./migrations/0009_payments.ts"
import commitBenefits from "./migrations/0010_commit_benefits.ts"
import customerCards from "./migrations/0011_customer_cards.ts"
import outboxSender from "./migrations/0012_outbox_sender.ts"
import loyaltyPoints from "./migrations/0013_loyalty_points.ts"
import cartExpiry from "./migrations/0014_cart_expiry.ts"
import holdNewlyHeld from "./migrations/0017_hold_newly_held.ts"
import orderAnswers from "./migrations/0018_order_answers.ts"
import serverClock from "./migrations/0019_server_clock.ts"
import contactVerification from "./migrations/0020_contact_verification.ts"
import rateLimits from "./migrations/0021_rate_limits.ts"
import cartLoyalty from "./migrations/0022_cart_loyalty.ts"
import cartSeatTotal from "./migrations/0023_cart_seat_total.ts"
import clientSeatCap from "./migrations/0024_client_seat_cap.ts"
import customerSignIn from "./migrations/0025_customer_sign_in.ts"
import orderItems from "./migrations/0026_order_items.ts"
import customerArea from "./migrations/0028_customer_area.ts"
import staffSessions from "./migrations/0033_staff_sessions.ts"
import ticketSigningKeys from "./migrations/0034_ticket_signing_keys.ts"
import vodOrders from "./migrations/0036_vod_orders.ts"
import membershipSales from "./migrations/0037_membership_sales.ts"
import seasonEnrolment from "./migrations/0038_season_enrolment.ts"
import enrolmentOrderKind from "./migrations/0039_enrolment_order_kind.ts"
import ticketReferenceAdmin from "./migrations/0044_ticket_reference_admin.ts"
import liveChanges from "./migrations/0045_live_changes.ts"
import miniSites from "./migrations/0047_mini_sites.ts"
import marketingForms from "./migrations/0049_marketing_forms.ts"
import publicPages from "./migrations/0050_public_pages.ts"
import childWaivers from "./migrations/0053_child_waivers.ts"
import imageMaps from "./migrations/0056_image_maps.ts"
import locationBrands from "./migrations/0058_location_brands.ts"
import voucherDocuments from "./migrations/0059_voucher_documents.ts"
import brokers from "./migrations/0060_brokers.ts"
import salesRollups from "./migrations/0061_sales_rollups.ts"
import dailySalesRollups from "./migrations/0062_daily_sales_rollups.ts"
import attendanceDaily from "./migrations/0063_attendance_daily.ts"
import leanHoldBatch from "./migrations/0070_lean_hold_batch.ts"
import oneHoldRule from "./migrations/0071_one_hold_rule.ts"
import smsDayCounts from "./migrations/0072_sms_day_counts.ts"
import featureImages from "./migrations/0073_feature_images.ts"
import holdVelocity from "./migrations/0074_hold_velocity.ts"

/**
 * Every migration, keyed `<id>_<name>`, run once in id order by `Migrator.fromRecord`.
 * Never edit a migration that has shipped: add a new one, numbered above every shipped one. The migrator runs
 * only ids above the highest an existing database has applied, so a new migration that fills a gap below it
 * would never run there (only fresh databases would get it).
 */
export const migrations = {
  "0001_catalogue": catalogue,
  "0002_seating": seating,
  "0003_commerce": commerce,
  "0004_people": people,
  "0005_sales": sales,
  "0006_holds": holds,
  "0007_hold_batches": holdBatches,
  "0008_codes": codes,
  "0009_payments": payments,
  "0010_commit_benefits": commitBenefits,
  "0011_customer_cards": customerCards,
  "0012_outbox_sender": outboxSender,
  "0013_loyalty_points": loyaltyPoints,
  "0014_cart_expiry": cartExpiry,
  "0017_hold_newly_held": holdNewlyHeld,
  "0018_order_answers": orderAnswers,
  "0019_server_clock": serverClock,
  "0020_contact_verification": contactVerification,
  "0021_rate_limits": rateLimits,
  "0022_cart_loyalty": cartLoyalty,
  "0023_cart_seat_total": cartSeatTotal,
  "0024_client_seat_cap": clientSeatCap,
  "0025_customer_sign_in": customerSignIn,
  "0026_order_items": orderItems,
  "0028_customer_area": customerArea,
  "0033_staff_sessions": staffSessions,
  "0037_membership_sales": membershipSales,
  "0034_ticket_signing_keys": ticketSigningKeys,
  "0036_vod_orders": vodOrders,
  "0049_marketing_forms": marketingForms,
  "0044_ticket_reference_admin": ticketReferenceAdmin,
  "0045_live_changes": liveChanges,
  "0038_season_enrolment": seasonEnrolment,
  "0039_enrolment_order_kind": enrolmentOrderKind,
  "0047_mini_sites": miniSites,
  "0050_public_pages": publicPages,
  "0053_child_waivers": childWaivers,
  "0056_image_maps": imageMaps,
  "0058_location_brands": locationBrands,
  "0059_voucher_documents": voucherDocuments,
  "0060_brokers": brokers,
  "0061_sales_rollups": salesRollups,
  "0062_daily_sales_rollups": dailySalesRollups,
  "0063_attendance_daily": attendanceDaily,
  "0070_lean_hold_batch": leanHoldBatch,
  "0071_one_hold_rule": oneHoldRule,
  "0072_sms_day_counts": smsDayCounts,
  "0073_feature_images": featureImages,
  "0074_hold_velocity": holdVelocity,
}
