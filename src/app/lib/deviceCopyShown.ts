import { useEffect } from "react"

/**
 * The signal behind the cart's late start on the wallet and an e-ticket (src/app/lib/deviceCopyRoutes.ts): the
 * screen says when the device's copy is on screen (its QR codes drawn, or its "not found"), and only then does the
 * app's start open the cart log. Before, a fixed two seconds: too long on a fast phone (the cart's reconciler ran
 * late for nothing), too short on a slow one (its chunk competed with the QR codes).
 */
let shown = false
const waiting: Array<() => void> = []

/** Called by the screen once; later calls do nothing. */
export const markDeviceCopyShown = (): void => {
  if (shown) return
  shown = true
  for (const task of waiting.splice(0)) task()
}

/**
 * Runs `task` once, when the screen has said its copy is shown, or after `latestMs` if it never does (a screen
 * that failed to render must not keep the cart closed).
 */
export const afterDeviceCopyShown = (task: () => void, latestMs: number): void => {
  let done = false
  const once = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    task()
  }
  const timer = setTimeout(once, latestMs)
  if (shown) once()
  else waiting.push(once)
}

/** In a device-copy screen: says so once `isShown` is true (after React has committed what it shows). */
export const useDeviceCopyShown = (isShown: boolean): void => {
  useEffect(() => {
    if (isShown) markDeviceCopyShown()
  }, [isShown])
}
