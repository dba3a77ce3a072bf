/**
 * The staff token (from `POST /api/pres-live/login`), kept apart from the customer's `uuid`: its own storage key and
 * its own header (`x-staff-token`), sent only by the staff app's calls. localStorage, so an installed staff app
 * opens signed in on the next shift's first launch (the server ends the session after 12 hours anyway).
 */
const KEY = "marquee:staffToken"

export const staffToken = (): string | null => {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

export const keepStaffToken = (token: string): void => {
  try {
    localStorage.setItem(KEY, token)
  } catch {
    // private mode without storage: the session lasts this page's life only
  }
}

export const forgetStaffToken = (): void => {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // nothing kept, nothing to forget
  }
}
