import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { sessionQuery } from "./liveQueries.ts"
import { signIn } from "./staffApi.ts"
import { keepStaffToken } from "./staffSession.ts"
import { useLiveTitle } from "./useLiveTitle.ts"

/** Staff sign-in: username and password; a refusal never says which of the two was wrong. */
export const SignInPage = () => {
  const t = useT()
  const lang = useLocale()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useLiveTitle(t("staff.signIn.title"), t("staff.appName"))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    const answer = await signIn(String(form.get("username") ?? ""), String(form.get("password") ?? ""))
    setBusy(false)
    if (!answer.ok) {
      setRefusal(
        answer.reason === "TOO_MANY_ATTEMPTS"
          ? t("staff.signIn.limited")
          : answer.reason === "network"
            ? t("staff.signIn.network")
            : t("staff.signIn.failed"),
      )
      return
    }
    keepStaffToken(answer.session.token)
    const { token: _token, ...info } = answer.session
    queryClient.setQueryData(sessionQuery(lang).queryKey, info)
    await navigate({ to: "/PRES-live", search: { lang } })
  }

  return (
    <form className="staff-signin" onSubmit={submit}>
      <h1 className="staff-signin__title">{t("staff.signIn.title")}</h1>
      <label className="staff-signin__field">
        <span>{t("staff.signIn.username")}</span>
        <input name="username" autoComplete="username" required dir="ltr" autoCapitalize="none" />
      </label>
      <label className="staff-signin__field">
        <span>{t("staff.signIn.password")}</span>
        <input name="password" type="password" autoComplete="current-password" required dir="ltr" />
      </label>
      {refusal !== null ? (
        <p className="staff-signin__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <button type="submit" className="staff-signin__submit" disabled={busy}>
        {t("staff.signIn.submit")}
      </button>
    </form>
  )
}
