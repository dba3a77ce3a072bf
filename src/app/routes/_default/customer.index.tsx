import { createFileRoute } from "@tanstack/react-router"
import { CustomerPage } from "../../customer/signIn/CustomerPage.tsx"

/** Spec §2 `/customer`: the customer area; signed out, its ways to sign in. */
export const Route = createFileRoute("/_default/customer/")({
  component: CustomerPage,
})
