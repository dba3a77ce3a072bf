/** Spec §9: toasts stay 3 seconds. */
export const TOAST_DURATION_MS = 3000

export type Toast = { readonly id: number; readonly message: string; readonly tone: "info" | "error" }

type Listener = () => void

let toasts: ReadonlyArray<Toast> = []
let nextId = 1
const listeners = new Set<Listener>()

const emit = () => {
  for (const listener of listeners) listener()
}

export const dismissToast = (id: number): void => {
  toasts = toasts.filter((toast) => toast.id !== id)
  emit()
}

/** Callers pass already translated text: the toast system knows nothing about locales. */
export const showToast = (message: string, tone: Toast["tone"] = "info"): number => {
  const id = nextId++
  toasts = [...toasts, { id, message, tone }]
  emit()
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS)
  return id
}

export const subscribeToasts = (listener: Listener): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getToasts = (): ReadonlyArray<Toast> => toasts
