import { type ReactNode, useEffect, useId, useRef } from "react"

/**
 * A modal dialog (the native `<dialog>`: focus is held inside, Escape closes it) with a visible heading that
 * names it. On close, focus goes back to whatever opened it, so a keyboard or screen-reader user lands where
 * they were.
 */
export const AreaDialog = ({
  title,
  onClose,
  children,
  testId,
}: {
  readonly title: string
  readonly onClose: () => void
  readonly children: ReactNode
  readonly testId?: string
}) => {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const dialog = ref.current
    if (dialog !== null && !dialog.open) dialog.showModal()
    return () => {
      dialog?.close()
      opener?.focus()
    }
  }, [])
  return (
    <dialog
      ref={ref}
      className="area-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      data-testid={testId}
    >
      <h2 id={titleId} className="area-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  )
}
