import { createFileRoute } from "@tanstack/react-router"
import { SignInPage } from "../../staff/SignInPage.tsx"

export const Route = createFileRoute("/PRES-live/login")({
  component: SignInPage,
})
