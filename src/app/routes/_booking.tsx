import { createFileRoute, Outlet } from "@tanstack/react-router"
import { BookingLayout } from "../layout/BookingLayout.tsx"

export const Route = createFileRoute("/_booking")({
  component: () => (
    <BookingLayout>
      <Outlet />
    </BookingLayout>
  ),
})
