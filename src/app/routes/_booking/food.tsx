import { createFileRoute } from "@tanstack/react-router"
import { ChooseFoodPage } from "../../shop/food/ChooseFoodPage.tsx"

/** Food on its own (issue 16): choose the cinema, then the food, collected there. */
export const Route = createFileRoute("/_booking/food")({
  component: FoodRoute,
})

function FoodRoute() {
  const { locale } = Route.useRouteContext()
  return <ChooseFoodPage locale={locale} />
}
