import { useSyncExternalStore } from "react"
import { getToasts, subscribeToasts } from "./toast.ts"
import "./toaster.css"

/** Top centre (spec §9); a polite live region so screen readers announce each toast once. */
export const Toaster = () => {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className="toast" data-tone={toast.tone}>
          {toast.message}
        </p>
      ))}
    </div>
  )
}
