import { useEffect } from "react"

/** The document title of a staff screen: the screen, then the app's name. */
export const useLiveTitle = (screen: string, app: string): void => {
  useEffect(() => {
    document.title = `${screen} · ${app}`
  }, [screen, app])
}
