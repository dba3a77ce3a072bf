import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { ProblemText } from "./ProblemText.tsx"
import { isRefusal, type Refusal, redeemLinkToken } from "./signInApi.ts"
import "./signIn.css"

/**
 * `/customer/{token}` (spec §2): a link from a message signs the customer in once, then lands in the area. The
 * token leaves the address bar at once (replaced by `/customer`), so it stays out of history and shared screens;
 * a link that is unknown, expired or used says so and offers the way on: sign in another way (a new link is sent
 * from there).
 */
export const TokenPage = ({ token }: { readonly token: string }) => {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const started = useRef(false)

  useEffect(() => {
    // once per page, even when React runs effects twice: a second redemption would answer "already used"
    if (started.current) return
    started.current = true
    void redeemLinkToken(token).then((result) => {
      if (isRefusal(result)) setRefusal(result)
      else void navigate({ to: "/customer", search: { lang: locale }, replace: true })
    })
  }, [token, navigate, locale])

  return (
    <div className="sign-in" data-testid="token-page">
      <header className="sign-in__head">
        <h1 className="sign-in__title">{t("customerSignIn.title")}</h1>
      </header>
      {refusal === null ? (
        <p className="sign-in__muted" role="status">
          {t("customerSignIn.token.working")}
        </p>
      ) : (
        <>
          <ProblemText refusal={refusal} t={t} />
          <div className="sign-in__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void navigate({ to: "/customer", search: { lang: locale }, replace: true })}
              data-testid="token-way-forward"
            >
              {refusal.problem === "CUSTOMER_TOKEN_REDEEMED"
                ? t("customerSignIn.token.toSignIn")
                : t("customerSignIn.token.newLink")}
            </button>
          </div>
        </>
      )}
    </div>
  )
}
