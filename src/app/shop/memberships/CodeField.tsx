import type { ReactNode } from "react"

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

/** A code's form: its fields on one row with the button that sends them. */
export const CodeForm = ({
  onSubmit,
  children,
}: {
  readonly onSubmit: () => void
  readonly children: ReactNode
}) => (
  <form
    className="shop-item__row membership-code"
    onSubmit={(event) => {
      event.preventDefault()
      onSubmit()
    }}
  >
    {children}
  </form>
)
