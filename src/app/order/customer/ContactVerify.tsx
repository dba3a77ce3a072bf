import { type KeyboardEvent, useId, useState } from "react"
import {
  type ContactChannel,
  contactKey,
  isVerified,
  type VerifiedContact,
} from "../../../domain/order/contactVerification.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { checkContactCode, sendContactCode, type VerifyProblem } from "./contactVerification.ts"
import "./contactVerify.css"

type Props = {
  readonly channel: ContactChannel
  /** the field's value as typed */
  readonly value: string
  /** the field's label, for the messages that name it */
  readonly fieldLabel: string
  readonly verified: ReadonlyArray<VerifiedContact>
  readonly cartToken: string | null
  readonly lang: string
  readonly onVerified: (verified: ReadonlyArray<VerifiedContact>) => void
  readonly t: Translate
}

const CODE = /^\d{6}$/

/**
 * Beside a contact field the site verifies (config flags `mobileVerification`, `emailVerification`): "Send code",
 * then the code and "Verify", then "verified". The state follows the typed value: a value changed after it was
 * verified shows "Send code" again (the same value typed back is still verified, as the server counts it).
 */
export const ContactVerify = ({
  channel,
  value,
  fieldLabel,
  verified,
  cartToken,
  lang,
  onVerified,
  t,
}: Props) => {
  const id = useId()
  const key = contactKey(channel, value)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState("")
  const [busy, setBusy] = useState<"sending" | "checking" | null>(null)
  const [problem, setProblem] = useState<{
    readonly key: string | null
    readonly code: VerifyProblem | "codeFormat"
  } | null>(null)
  const mobile = channel === "mobile"
  const codeId = `${id}-code`
  const messageId = `${id}-message`

  if (isVerified(channel, value, verified))
    return (
      <div className="verify" data-testid={`verify-${channel}`}>
        <p className="verify__ok" role="status" data-testid={`verified-${channel}`}>
          <span aria-hidden="true">✓ </span>
          {t(
            mobile ? "orderSteps.customer.verify.verifiedMobile" : "orderSteps.customer.verify.verifiedEmail",
          )}
        </p>
      </div>
    )

  const codeSent = sentTo !== null && sentTo === key
  // a message about another value than the one typed now no longer applies
  const shown = problem !== null && problem.key === key ? problem.code : null
  const problemText = (p: VerifyProblem | "codeFormat") =>
    p === "invalidValue"
      ? t("orderSteps.customer.verify.invalidValue", { name: fieldLabel })
      : t(`orderSteps.customer.verify.${p}`)

  const sendCode = async () => {
    if (key === null || cartToken === null) return
    setBusy("sending")
    setProblem(null)
    const answer = await sendContactCode(cartToken, channel, value, lang)
    setBusy(null)
    if ("problem" in answer) return setProblem({ key, code: answer.problem })
    setSentTo(key)
    setCode("")
    requestAnimationFrame(() => document.getElementById(codeId)?.focus())
  }

  const checkCode = async () => {
    if (key === null || cartToken === null) return
    if (!CODE.test(code.trim())) return setProblem({ key, code: "codeFormat" })
    setBusy("checking")
    setProblem(null)
    const answer = await checkContactCode(cartToken, channel, value, code.trim())
    setBusy(null)
    if ("problem" in answer) return setProblem({ key, code: answer.problem })
    onVerified(answer.verified)
  }

  // Enter in the code field verifies it instead of submitting the whole form
  const onCodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return
    event.preventDefault()
    void checkCode()
  }

  return (
    <div className="verify" data-testid={`verify-${channel}`}>
      <p className="verify__note" id={`${id}-note`}>
        {codeSent
          ? t(mobile ? "orderSteps.customer.verify.sentMobile" : "orderSteps.customer.verify.sentEmail", {
              value: key,
            })
          : t(mobile ? "orderSteps.customer.verify.hintMobile" : "orderSteps.customer.verify.hintEmail")}
      </p>
      {codeSent ? (
        <div className="verify__code">
          <label className="field__label" htmlFor={codeId}>
            {t(mobile ? "orderSteps.customer.verify.codeMobile" : "orderSteps.customer.verify.codeEmail")}
          </label>
          <div className="verify__row">
            <input
              id={codeId}
              className="field__input verify__input"
              name={`${channel}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              dir="ltr"
              value={code}
              aria-invalid={shown === "invalidCode" || shown === "codeFormat"}
              aria-describedby={shown !== null ? messageId : `${id}-note`}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
              onKeyDown={onCodeKey}
              data-testid={`code-${channel}`}
            />
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null}
              onClick={() => void checkCode()}
              data-testid={`check-code-${channel}`}
            >
              {busy === "checking"
                ? t("orderSteps.customer.verify.checking")
                : t("orderSteps.customer.verify.check")}
            </button>
          </div>
        </div>
      ) : null}
      <div className="verify__row">
        <button
          type="button"
          className="button button--ghost"
          disabled={key === null || cartToken === null || busy !== null}
          onClick={() => void sendCode()}
          data-testid={`send-code-${channel}`}
        >
          {busy === "sending"
            ? t("orderSteps.customer.verify.sending")
            : codeSent
              ? t("orderSteps.customer.verify.sendAgain")
              : t("orderSteps.customer.verify.sendCode")}
        </button>
      </div>
      <p id={messageId} className="field__error" role="alert" data-testid={`verify-message-${channel}`}>
        {shown !== null ? problemText(shown) : ""}
      </p>
    </div>
  )
}
