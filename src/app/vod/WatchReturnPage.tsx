import { Link } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import type { CompletionResult } from "../../api/PaymentApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { completeVod, keepPending, pendingPurchase, type Refused } from "./vodClient.ts"
import { vodErrorText } from "./vodText.ts"
import "./vod.css"

type Props = {
  readonly paymentId: string | null
  readonly reservationIdentifier: string | null
  readonly locale: LocaleCode
}

/**
 * Where the provider sends a video-on-demand buyer back (`/watch/payment-return`). The address proves nothing:
 * the server is asked (it asks the provider) and, paid, the title is the buyer's, in the customer area with its
 * window and playbacks. Not paid: the way back to the title to pay again.
 */
export const WatchReturnPage = ({ paymentId, reservationIdentifier, locale }: Props) => {
  const t = useT()
  const [result, setResult] = useState<CompletionResult | Refused | null>(null)
  const [presentationId] = useState(() => pendingPurchase()?.presentationId ?? null)

  useEffect(() => {
    document.title = `${t("vod.return.title")} · ${t("app.brand")}`
  }, [t])

  useEffect(() => {
    if (paymentId === null || reservationIdentifier === null) {
      setResult({ refused: "paymentFailed" })
      return
    }
    let live = true
    void completeVod(reservationIdentifier, paymentId)
      .catch((): Refused => ({ refused: "network" }))
      .then((answer) => {
        if (!live) return
        // a paid order is done with: the next purchase takes a new cart and key
        if ("status" in answer && answer.status === "paid") keepPending(null)
        setResult(answer)
      })
    return () => {
      live = false
    }
  }, [paymentId, reservationIdentifier])

  if (result === null) return <p className="vod-muted">{t("vod.return.checking")}</p>
  const paid = "status" in result && result.status === "paid"
  return (
    <div className="vod-page" data-testid="watch-return" data-paid={paid}>
      <h1 className="vod-title">{paid ? t("vod.return.paidTitle") : t("vod.return.notPaidTitle")}</h1>
      {paid ? (
        <>
          <p className="vod-muted">
            {t("vod.return.paidText", { identifier: result.reservationIdentifier })}
          </p>
          <Link
            className="button button--primary"
            to="/customer"
            search={{ lang: locale }}
            data-testid="vod-my-titles"
          >
            {t("vod.return.myTitles")}
          </Link>
        </>
      ) : (
        <>
          <p className="vod-problem" role="alert">
            {vodErrorText("refused" in result ? result.refused : "paymentFailed", t)}
          </p>
          {presentationId !== null ? (
            <Link
              className="button button--primary"
              to="/watch/$presentationId"
              params={{ presentationId }}
              search={{ lang: locale }}
            >
              {t("vod.return.tryAgain")}
            </Link>
          ) : null}
        </>
      )}
    </div>
  )
}
