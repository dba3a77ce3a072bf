import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, Navigate, Outlet, useNavigate, useRouterState } from "@tanstack/react-router"
import { useEffect } from "react"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { LanguageSwitcher } from "../layout/LanguageSwitcher.tsx"
import { sessionQuery } from "./liveQueries.ts"
import { signOut } from "./staffApi.ts"
import { staffToken } from "./staffSession.ts"
import { useLiveEvents } from "./useLiveEvents.ts"
import { useSignedOut } from "./useSignedOut.ts"
import "./staff.css"

const STAFF_MANIFEST = "/pres-live.webmanifest"

/**
 * The staff app installs on its own (scope and start URL /PRES-live): while it is open, the page's manifest link
 * names the staff manifest. The server already answers /PRES-live pages with it; this covers the shell the
 * service worker serves offline and a visit that started on a buyer's page.
 */
const useStaffManifest = () => {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
    if (link === null) return
    const before = link.getAttribute("href")
    link.setAttribute("href", STAFF_MANIFEST)
    return () => {
      if (before !== null && before !== STAFF_MANIFEST) link.setAttribute("href", before)
    }
  }, [])
}

/** The staff app's frame: who is signed in, language, sign out; sign-in first when there is no session. */
export const StaffLayout = () => {
  useStaffManifest()
  const t = useT()
  const lang = useLocale()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const onSignIn = pathname.replace(/\/$/, "") === "/PRES-live/login"
  const signedIn = staffToken() !== null
  const session = useQuery({ ...sessionQuery(lang), enabled: signedIn && !onSignIn })
  useSignedOut(session.error)
  useLiveEvents(signedIn && !onSignIn)
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  if (!onSignIn && !signedIn) return <Navigate to="/PRES-live/login" search={{ lang }} replace />

  const user = session.data?.userInfo
  return (
    <div className="staff">
      <header className="staff__bar">
        <span className="staff__app">{t("staff.appName")}</span>
        {user !== undefined && !onSignIn ? (
          <span className="staff__user">{`${user.FirstName} ${user.LastName}`}</span>
        ) : null}
        <LanguageSwitcher />
        {signedIn && !onSignIn ? (
          <button
            type="button"
            className="staff__signout"
            onClick={async () => {
              await signOut()
              queryClient.removeQueries({ queryKey: ["staff"] })
              await navigate({ to: "/PRES-live/login", search: { lang } })
            }}
          >
            {t("staff.signOut")}
          </button>
        ) : null}
      </header>
      {signedIn && !onSignIn && session.data !== undefined ? (
        <nav className="staff__menu" aria-label={t("staffReports.menu.label")}>
          {session.data.menu.map((item) => (
            <Link
              key={item.key}
              to={item.path}
              search={{ lang }}
              className="staff__menu-item"
              activeOptions={{ exact: item.path === "/PRES-live", includeSearch: false }}
              activeProps={{ "aria-current": "page" }}
            >
              {t(`staffReports.menu.${item.key}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      <main className="staff__main">
        <Outlet />
      </main>
    </div>
  )
}
