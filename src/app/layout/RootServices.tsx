import { useIdleRefresh } from "../lib/useIdleRefresh.ts"
import { UpdatePrompt } from "../pwa/UpdatePrompt.tsx"
import { Toaster } from "../ui/Toaster.tsx"
import { useBackOnlineToast } from "../ui/useBackOnlineToast.ts"

/**
 * What the root route runs beside every screen that no first paint needs: the toasts and the "back online" one,
 * the idle refresh (five minutes after the last activity, spec §2), the service worker's registration and update
 * prompt. The root route loads this in its own chunk once the first screen is shown, so the entry that every
 * first screen waits for does not carry it (issue 16's budget, `npm run bench -- bundle`). A toast asked for before
 * it mounts is kept by the toast store (ui/toast.ts) and shown when it does.
 */
export const RootServices = () => {
  useBackOnlineToast()
  useIdleRefresh()
  return (
    <>
      <Toaster />
      <UpdatePrompt />
    </>
  )
}
