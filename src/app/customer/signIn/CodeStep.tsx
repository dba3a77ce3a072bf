import { useState } from "react"
import type { Translate } from "../../i18n/useI18n.ts"
import { isolatedLtr } from "./isolatedLtr.ts"
import { ProblemText } from "./ProblemText.tsx"
import { confirmSignInCode, isRefusal, type Refusal } from "./signInApi.ts"

/** The second step of a code sign-in: the 6 digits from the SMS, a new code, or back to the methods. */
export const CodeStep = ({
  challenge,
  sentTo,
  onResend,
  onBack,
  t,
}: {
  readonly challenge: string
  /** the number typed (phone sign-in); null when the code went to the number on file */
  readonly sentTo: string | null
  readonly onResend: () => Promise<Refusal | null>
  readonly onBack: () => void
  readonly t: Translate
}) => {
  const [code, setCode] = useState("")
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)

  const act = async (action: () => Promise<Refusal | null>) => {
    setBusy(true)
    setRefusal(null)
    const result = await action()
    setBusy(false)
    if (isRefusal(result)) setRefusal(result)
  }

  return (
    <form
      className="sign-in__form"
      data-testid="sign-in-code-step"
      onSubmit={(event) => {
        event.preventDefault()
        void act(() => confirmSignInCode(challenge, code))
      }}
    >
      <p className="sign-in__muted" aria-live="polite">
        {sentTo === null
          ? t("customerSignIn.codeSentOnFile")
          : t("customerSignIn.codeSentPhone", { mobile: isolatedLtr(sentTo) })}
      </p>
      <label className="sign-in__field">
        <span>{t("customerSignIn.code")}</span>
        <input
          className="sign-in__input sign-in__input--code"
          dir="ltr"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={8}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
          data-testid="sign-in-code"
        />
      </label>
      <ProblemText refusal={refusal} t={t} />
      <div className="sign-in__actions">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="sign-in-submit">
          {busy ? t("customerSignIn.working") : t("customerSignIn.signIn")}
        </button>
        <button type="button" className="sign-in__link" disabled={busy} onClick={() => void act(onResend)}>
          {t("customerSignIn.resend")}
        </button>
        <button type="button" className="sign-in__link" disabled={busy} onClick={onBack}>
          {t("customerSignIn.otherWay")}
        </button>
      </div>
    </form>
  )
}
