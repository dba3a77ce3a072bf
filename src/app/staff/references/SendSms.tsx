import { useId, useState } from "react"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { sendTicketsSms } from "./referenceQueries.ts"

type State = "closed" | "open" | "sending" | "sent" | "invalidMobile" | "smsFailed"

/** Spec §6: staff may send an order's tickets by SMS (the outbox sends them); success or failure is said. */
export const SendSms = ({ reservationNumber }: { readonly reservationNumber: string }) => {
  const t = useT()
  const lang = useLocale()
  const id = useId()
  const [state, setState] = useState<State>("closed")
  const [mobile, setMobile] = useState("")
  if (state === "closed")
    return (
      <button type="button" className="refs__button" onClick={() => setState("open")}>
        {t("staffRefs.sms.open")}
      </button>
    )
  return (
    <form
      className="refs__sms"
      onSubmit={async (event) => {
        event.preventDefault()
        setState("sending")
        setState(await sendTicketsSms(reservationNumber, mobile, lang).catch(() => "smsFailed" as const))
      }}
    >
      <label htmlFor={`${id}-mobile`} className="refs__sms-label">
        {t("staffRefs.sms.mobile")}
      </label>
      <input
        id={`${id}-mobile`}
        type="tel"
        inputMode="tel"
        dir="ltr"
        value={mobile}
        onChange={(event) => setMobile(event.target.value)}
        required
      />
      <button type="submit" className="refs__button" disabled={state === "sending"}>
        {t("staffRefs.sms.send")}
      </button>
      {state === "sent" || state === "invalidMobile" || state === "smsFailed" ? (
        <span role="status" className={state === "sent" ? "refs__ok" : "refs__refused"}>
          {t(`staffRefs.sms.${state}`)}
        </span>
      ) : null}
    </form>
  )
}
