import { type ReactNode, useEffect, useState } from "react"

type Props = {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly testId?: string
  readonly numeric?: boolean
}

/** A code typed on chooseMemberships (price code, reference, member number): always LTR, whatever the page. */
export const CodeField = ({ label, value, onChange, testId, numeric = false }: Props) => (
  <label className="shop-item__amount">
    <span>{label}</span>
    <input
      value={value}
      dir="ltr"
      inputMode={numeric ? "numeric" : undefined}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  </label>
)

/**
 * A code's form: its fields on one row with the button that sends them. While `busy` (the cart still opening, the
 * last choice still being written) the button is disabled, and a browser then ignores Enter in a field (no
 * implicit submission through a disabled button): the Enter is remembered instead and sent once `busy` is over,
 * with what the fields hold then, so a code typed and entered at once on a slow first load is not lost.
 */
export const CodeForm = ({
  onSubmit,
  busy = false,
  children,
}: {
  readonly onSubmit: () => void
  /** whether the form's button is disabled for now (not for an empty field: an Enter in one is not remembered) */
  readonly busy?: boolean
  readonly children: ReactNode
}) => {
  const [entered, setEntered] = useState(false)
  useEffect(() => {
    if (!entered || busy) return
    setEntered(false)
    onSubmit()
  }, [entered, busy, onSubmit])
  return (
    <form
      className="shop-item__row membership-code"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
      onKeyDown={(event) => {
        if (busy && event.key === "Enter" && event.target instanceof HTMLInputElement) {
          event.preventDefault()
          setEntered(true)
        }
      }}
    >
      {children}
    </form>
  )
}
