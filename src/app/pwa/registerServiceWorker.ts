/** Called with a function that activates the waiting worker; the caller decides when (the user's click). */
export type OnUpdateReady = (applyUpdate: () => void) => void

let registered = false

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
}
