import { type FormEvent, useId, useState } from "react"
import type { Translate } from "../../i18n/useI18n.ts"

type Props = {
  /** applies the code; answers the message to show (already translated) and whether it worked */
  readonly onApply: (code: string) => Promise<{ readonly ok: boolean; readonly text: string }>
  readonly t: Translate
}

/** "Have a code or voucher?": one field, one button, the answer announced next to the field. */
export const CodeEntry = ({ onApply, t }: Props) => {
  const id = useId()
  const [code, setCode] = useState("")
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (code.trim() === "" || busy) return
    setBusy(true)
    try {
      const result = await onApply(code.trim())
      setAnswer(result)
      if (result.ok) setCode("")
    } finally {
      setBusy(false)
    }
  }

  const messageId = `${id}-message`
  return (
    <form className="code-entry" onSubmit={(event) => void submit(event)} data-testid="code-entry">
      <label className="field">
        <span className="field__label">{t("orderSteps.tickets.codeTitle")}</span>
        <span className="code-entry__row">
          <input
            className="field__input"
            name="code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-label={t("orderSteps.tickets.codeLabel")}
            aria-invalid={answer !== null && !answer.ok}
            aria-describedby={answer !== null ? messageId : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button--ghost" disabled={busy}>
            {busy ? t("orderSteps.tickets.checking") : t("orderSteps.tickets.apply")}
          </button>
        </span>
      </label>
      <p
        id={messageId}
        className={answer?.ok === false ? "field__error" : "code-entry__ok"}
        role={answer?.ok === false ? "alert" : "status"}
        data-testid="code-message"
      >
        {answer?.text ?? ""}
      </p>
    </form>
  )
}
