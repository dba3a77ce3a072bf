import { useState } from "react"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { CodeStep } from "./CodeStep.tsx"
import { ProblemText } from "./ProblemText.tsx"
import {
  askSignInCode,
  type CodeMethod,
  isRefusal,
  type Refusal,
  sendSignInLink,
  sendSignInLinkByEmail,
  signInAsMember,
  signInWithPassword,
} from "./signInApi.ts"

/**
 * The ways into the customer area (spec §6): mobile number + SMS code, e-mail + password, ID number (the code goes
 * to the phone on file), member number + ID number, reservation number + code; Facebook shows the spec's
 * "unavailable". A link (`/customer/{token}`) goes by SMS from the phone form and by e-mail from the e-mail form
 * (a customer without a password, or who forgot it). A successful sign-in stores the session (customerSession.ts), which re-renders the page signed in.
 */

export type Method = "phone" | "email" | "id" | "member" | "reservation"
const METHODS: ReadonlyArray<Method> = ["phone", "email", "id", "member", "reservation"]

export const SignInForm = () => {
  const t = useT()
  const locale = useLocale()
  const [method, setMethod] = useState<Method>("phone")
  const [values, setValues] = useState<Record<string, string>>({})
  const [pending, setPending] = useState<{ challenge: string; method: CodeMethod } | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [linkSent, setLinkSent] = useState(false)
  const [facebook, setFacebook] = useState(false)

  const value = (name: string) => values[name] ?? ""
  const input = (name: string) => ({
    value: value(name),
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    required: true,
    className: "sign-in__input",
    "data-testid": `sign-in-${name}`,
  })

  const codeMethod = (): CodeMethod | null =>
    method === "phone"
      ? { kind: "phone", mobileNumber: value("mobile") }
      : method === "id"
        ? { kind: "id", ssn: value("ssn") }
        : method === "reservation"
          ? { kind: "reservation", reservationNumber: value("reservationNumber") }
          : null

  const askCode = async (codeFor: CodeMethod): Promise<Refusal | null> => {
    const asked = await askSignInCode(codeFor, locale)
    if (isRefusal(asked)) return asked
    setPending({ challenge: asked.challenge, method: codeFor })
    return null
  }

  const submit = async () => {
    setBusy(true)
    setRefusal(null)
    setLinkSent(false)
    const codeFor = codeMethod()
    const result =
      codeFor !== null
        ? await askCode(codeFor)
        : method === "email"
          ? await signInWithPassword(value("email"), value("password"))
          : await signInAsMember(value("memberNumber"), value("memberSsn"))
    setBusy(false)
    if (isRefusal(result)) setRefusal(result)
  }

  const sendLink = async () => {
    setBusy(true)
    setRefusal(null)
    const result =
      method === "email"
        ? await sendSignInLinkByEmail(value("email"), locale)
        : await sendSignInLink(value("mobile"), locale)
    setBusy(false)
    if (isRefusal(result)) setRefusal(result)
    else setLinkSent(true)
  }

  if (pending !== null)
    return (
      <CodeStep
        challenge={pending.challenge}
        sentTo={pending.method.kind === "phone" ? pending.method.mobileNumber : null}
        onResend={() => askCode(pending.method)}
        onBack={() => setPending(null)}
        t={t}
      />
    )

  return (
    <div className="sign-in__methods-and-form">
      <fieldset className="sign-in__methods">
        <legend className="sign-in__legend">{t("customerSignIn.methodsLegend")}</legend>
        {METHODS.map((each) => (
          <label key={each} className="sign-in__method" data-checked={method === each}>
            <input
              type="radio"
              name="sign-in-method"
              checked={method === each}
              onChange={() => {
                setMethod(each)
                setRefusal(null)
                setLinkSent(false)
              }}
              data-testid={`sign-in-method-${each}`}
            />
            <span>{t(`customerSignIn.methods.${each}`)}</span>
          </label>
        ))}
      </fieldset>
      <form
        className="sign-in__form"
        data-testid="sign-in-form"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {method === "phone" ? (
          <label className="sign-in__field">
            <span>{t("customerSignIn.mobile")}</span>
            <input {...input("mobile")} dir="ltr" type="tel" inputMode="tel" autoComplete="tel" />
          </label>
        ) : null}
        {method === "email" ? (
          <>
            <label className="sign-in__field">
              <span>{t("customerSignIn.email")}</span>
              <input {...input("email")} dir="ltr" type="email" autoComplete="username" />
            </label>
            <label className="sign-in__field">
              <span>{t("customerSignIn.password")}</span>
              <input
                {...input("password")}
                dir="ltr"
                type="password"
                autoComplete="current-password"
                maxLength={1024}
              />
            </label>
          </>
        ) : null}
        {method === "id" ? (
          <label className="sign-in__field">
            <span>{t("customerSignIn.ssn")}</span>
            <input {...input("ssn")} dir="ltr" inputMode="numeric" autoComplete="off" maxLength={12} />
          </label>
        ) : null}
        {method === "member" ? (
          <>
            <label className="sign-in__field">
              <span>{t("customerSignIn.memberNumber")}</span>
              <input {...input("memberNumber")} dir="ltr" inputMode="numeric" autoComplete="off" />
            </label>
            <label className="sign-in__field">
              <span>{t("customerSignIn.ssn")}</span>
              <input
                {...input("memberSsn")}
                dir="ltr"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
              />
            </label>
          </>
        ) : null}
        {method === "reservation" ? (
          <label className="sign-in__field">
            <span>{t("customerSignIn.reservationNumber")}</span>
            <input {...input("reservationNumber")} dir="ltr" autoComplete="off" autoCapitalize="characters" />
          </label>
        ) : null}
        <ProblemText refusal={refusal} t={t} />
        {linkSent ? (
          <p className="sign-in__notice" role="status">
            {t(method === "email" ? "customerSignIn.linkSentByEmail" : "customerSignIn.linkSent")}
          </p>
        ) : null}
        <div className="sign-in__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            data-testid="sign-in-submit"
          >
            {busy
              ? t("customerSignIn.working")
              : codeMethod() !== null
                ? t("customerSignIn.sendCode")
                : t("customerSignIn.signIn")}
          </button>
          {method === "phone" || method === "email" ? (
            <button
              type="button"
              className="sign-in__link"
              disabled={busy}
              onClick={() => void sendLink()}
              data-testid="sign-in-send-link"
            >
              {t(method === "email" ? "customerSignIn.sendLinkByEmail" : "customerSignIn.sendLink")}
            </button>
          ) : null}
        </div>
      </form>
      <div className="sign-in__social">
        <button
          type="button"
          className="button button--ghost sign-in__facebook"
          onClick={() => setFacebook(true)}
          data-testid="sign-in-facebook"
        >
          {t("customerSignIn.facebook")}
        </button>
        {facebook ? (
          <p className="sign-in__notice" role="status" data-testid="facebook-unavailable">
            {t("customerSignIn.facebookUnavailable")}
          </p>
        ) : null}
      </div>
    </div>
  )
}
