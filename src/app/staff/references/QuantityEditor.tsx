import { useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import type { ReferenceOption } from "../../../api/StaffReferencesApi.ts"
import { referenceQuantity } from "../../../domain/live/references.ts"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { editQuantity, type WriteOutcome } from "./referenceQueries.ts"

/**
 * Spec §5 "editing a reference quantity sends a new quantity": typed here, checked as the server checks it (a whole
 * number, not below what is used), saved, and the lists refetched. The outcome is said beside the field.
 */
export const QuantityEditor = ({
  option,
  label,
}: {
  readonly option: ReferenceOption
  readonly label: string
}) => {
  const t = useT()
  const lang = useLocale()
  const id = useId()
  const queryClient = useQueryClient()
  const [typed, setTyped] = useState(String(option.Quantity))
  const [outcome, setOutcome] = useState<WriteOutcome | "saving" | null>(null)
  const quantity = referenceQuantity(typed)
  const local: WriteOutcome | null =
    quantity === null ? "invalidQuantity" : quantity < option.Used ? "quantityBelowUsed" : null
  return (
    <form
      className="refs__edit"
      onSubmit={async (event) => {
        event.preventDefault()
        if (local !== null) return setOutcome(local)
        setOutcome("saving")
        const answer = await editQuantity(option, typed, lang).catch(() => "failed" as const)
        setOutcome(answer)
        if (answer === "saved") await queryClient.invalidateQueries({ queryKey: ["staff"] })
      }}
    >
      <label htmlFor={`${id}-q`} className="refs__hidden">
        {label}
      </label>
      <input
        id={`${id}-q`}
        className="refs__quantity"
        inputMode="numeric"
        dir="ltr"
        value={typed}
        aria-invalid={local !== null}
        onChange={(event) => {
          setTyped(event.target.value)
          setOutcome(null)
        }}
      />
      <button
        type="submit"
        className="refs__button"
        disabled={outcome === "saving" || typed === String(option.Quantity)}
      >
        {t("staffRefs.save")}
      </button>
      {outcome !== null && outcome !== "saving" ? (
        <span role="status" className={outcome === "saved" ? "refs__ok" : "refs__refused"}>
          {t(`staffRefs.outcome.${outcome}`)}
        </span>
      ) : null}
    </form>
  )
}
