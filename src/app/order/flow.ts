import { linkOptions } from "@tanstack/react-router"
import type { OrderStep } from "../../domain/cart/values.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"

/**
 * The ticket order's screens in the spec's order (chooseSeats → chooseTickets → chooseProducts → customerInfo),
 * then payment. Each screen but payment has its own lock timer (param 665).
 */
export const ORDER_SCREENS = ["seats", "tickets", "products", "customer", "pay"] as const
export type OrderScreen = (typeof ORDER_SCREENS)[number]

export const TIMER_STEP: Readonly<Record<Exclude<OrderScreen, "pay">, OrderStep>> = {
  seats: "chooseSeats",
  tickets: "chooseTickets",
  products: "chooseProducts",
  customer: "customerInfo",
}

/**
 * A screen's route, for TanStack Router's typed `Link` and `navigate`: each `to` is checked against the route
 * tree (src/app/routeTree.gen.ts), so renaming or moving a screen's route fails to compile, and the params and
 * search are checked against what its routes parse. A screen another feature owns (payment) is reached the
 * same way.
 */
export const screenLink = (presentationId: number, screen: OrderScreen, locale: LocaleCode) => {
  const params = { presentationId }
  const search = { lang: locale }
  switch (screen) {
    case "seats":
      return linkOptions({ to: "/order/$presentationId/seats", params, search })
    case "tickets":
      return linkOptions({ to: "/order/$presentationId/tickets", params, search })
    case "products":
      return linkOptions({ to: "/order/$presentationId/products", params, search })
    case "customer":
      return linkOptions({ to: "/order/$presentationId/customer", params, search })
    case "pay":
      return linkOptions({ to: "/order/$presentationId/pay", params, search })
  }
}

export const nextScreen = (screen: OrderScreen): OrderScreen =>
  ORDER_SCREENS[Math.min(ORDER_SCREENS.indexOf(screen) + 1, ORDER_SCREENS.length - 1)] as OrderScreen

/** A held seat as the basket names it; a general-admission place has no row, only its number. */
export const seatLine = (
  seat: { readonly RowName: string; readonly SeatName: string },
  t: Translate,
): string =>
  seat.RowName === ""
    ? t("orderSteps.ga.place", { seat: seat.SeatName })
    : t("order.basket.seat", { row: seat.RowName, seat: seat.SeatName })
