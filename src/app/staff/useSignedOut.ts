import { useNavigate } from "@tanstack/react-router"
import { useEffect } from "react"
import { useLocale } from "../i18n/useI18n.ts"
import { StaffSignedOut } from "./staffApi.ts"

/** A query that found the session over sends the screen to sign-in (keeping the language). */
export const useSignedOut = (error: Error | null): void => {
  const navigate = useNavigate()
  const lang = useLocale()
  useEffect(() => {
    if (error instanceof StaffSignedOut) void navigate({ to: "/PRES-live/login", search: { lang } })
  }, [error, navigate, lang])
}
