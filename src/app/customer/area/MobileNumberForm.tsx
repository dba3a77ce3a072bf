import { useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useEffect, useId, useRef, useState } from "react"
import type { Translate } from "../../i18n/useI18n.ts"
import { rememberCustomer, storedCustomer } from "../customerSession.ts"
import { AREA_KEY, requestMobileCode, updateMobileNumber } from "./areaApi.ts"
import { type MobileProblem, mobileProblemOf } from "./areaView.ts"

/**
 * Changing the mobile number (spec §6): a code goes to the NEW number, and only that code makes it the account's
 * (and the SMS sign-in's) number. The stored login is updated too, so the header shows the new number.
 */
export const MobileNumberForm = ({
  current,
  uuid,
  locale,
  t,
}: {
  readonly current: string
  readonly uuid: string
  readonly locale: string
  readonly t: Translate
}) => {
  const id = useId()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [mobile, setMobile] = useState("")
  const [code, setCode] = useState("")
  const [step, setStep] = useState<"number" | "code">("number")
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<MobileProblem | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)

  useEffect(() => {
    // the form closed: focus goes back to the button that opened it (rendered again only now)
    if (!open && returnFocus.current) {
      returnFocus.current = false
      toggle.current?.focus()
    }
  }, [open])

  const close = () => {
    returnFocus.current = true
    setOpen(false)
    setStep("number")
    setCode("")
    setProblem(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      if (step === "number") {
        const answer = await requestMobileCode(mobile.trim(), locale)
        if (answer.ok) setStep("code")
        else setProblem(mobileProblemOf(answer.body))
      } else {
        const answer = await updateMobileNumber(mobile.trim(), code.trim())
        if (answer.ok && answer.body !== null) {
          const number = answer.body.MobileNumber1
          const stored = storedCustomer()
          if (stored !== null) rememberCustomer({ ...stored, mobileNumber: number })
          setSaved(number)
          close()
          await queryClient.invalidateQueries({ queryKey: [AREA_KEY, uuid] })
        } else setProblem(mobileProblemOf(answer.body))
      }
    } catch {
      setProblem("other")
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="area-mobile">
      <p>
        {t("customerArea.profile.mobile")} <bdi dir="ltr">{current}</bdi>
      </p>
      {saved !== null ? (
        <p className="area-notice" role="status" data-testid="mobile-saved">
          {t("customerArea.profile.saved")}
        </p>
      ) : null}
      {open ? (
        <form className="area-form" onSubmit={(event) => void submit(event)} data-testid="mobile-form">
          <label htmlFor={`${id}-mobile`}>{t("customerArea.profile.newMobile")}</label>
          <input
            id={`${id}-mobile`}
            className="area-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
            readOnly={step === "code"}
            required
            // biome-ignore lint/a11y/noAutofocus: the form opens on the customer's request; typing starts here
            autoFocus
          />
          {step === "code" ? (
            <>
              <p className="area-muted" role="status">
                {t("customerArea.profile.codeSent")}
              </p>
              <label htmlFor={`${id}-code`}>{t("customerArea.profile.code")}</label>
              <input
                id={`${id}-code`}
                className="area-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                required
              />
            </>
          ) : null}
          {problem !== null ? (
            <p className="area-problem" role="alert" data-testid="mobile-problem">
              {t(`customerArea.profile.errors.${problem}`)}
            </p>
          ) : null}
          <div className="area-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t(step === "number" ? "customerArea.profile.sendCode" : "customerArea.profile.save")}
            </button>
            <button type="button" className="button button--ghost" onClick={close} disabled={busy}>
              {t("customerArea.profile.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={toggle}
          type="button"
          className="button button--ghost"
          onClick={() => {
            setOpen(true)
            setSaved(null)
          }}
          data-testid="mobile-change"
        >
          {t("customerArea.profile.change")}
        </button>
      )}
    </div>
  )
}
