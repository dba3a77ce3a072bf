/** Called with a function that activates the waiting worker; the caller decides when (the user's click). */
export type OnUpdateReady = (applyUpdate: () => void) => void

let registered = false

/** How often an open tab asks whether a new version was deployed (see below). */
const UPDATE_CHECK_MS = 60 * 60_000

/**
 * Registers `/sw.js` (built from `workers/sw.ts`) in production builds only: in dev a worker would serve
 * stale modules. workbox-window is imported lazily so it stays out of the entry chunk.
 */
export const registerServiceWorker = async (onUpdateReady: OnUpdateReady): Promise<void> => {
  if (registered || !import.meta.env.PROD || !("serviceWorker" in navigator)) return
  registered = true
  const { Workbox } = await import("workbox-window")
  const workbox = new Workbox("/sw.js", { scope: "/" })
  // A waiting worker is never activated on its own: a reload in the middle of a checkout would lose the step.
  workbox.addEventListener("waiting", () => {
    onUpdateReady(() => {
      workbox.addEventListener("controlling", () => window.location.reload())
      workbox.messageSkipWaiting()
    })
  })
  await workbox.register()
  // The browser looks for a new worker only on a full page load, and a checkout is one page: so also when the
  // tab comes back into view and once an hour, so a deploy is offered (never applied) while a tab stays open.
  const check = () => void workbox.update().catch(() => undefined)
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check()
  })
  setInterval(check, UPDATE_CHECK_MS)
}
