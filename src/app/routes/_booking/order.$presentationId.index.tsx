import { createFileRoute, redirect } from "@tanstack/react-router"

/** `/order/{presentationId}` (spec §2) opens the order at its first screen, the seats (or the GA quantity). */
export const Route = createFileRoute("/_booking/order/$presentationId/")({
  beforeLoad: ({ params, search }) => {
    throw redirect({
      to: "/order/$presentationId/seats",
      params: { presentationId: params.presentationId },
      search: search.lang === undefined ? {} : { lang: search.lang },
    })
  },
})
