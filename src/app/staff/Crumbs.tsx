import { Link } from "@tanstack/react-router"
import { useLocale, useT } from "../i18n/useI18n.ts"

export interface Crumb {
  readonly label: string
  readonly to: string
  readonly params?: Record<string, string>
}

/** Where this screen sits in the drill (strip › day › cinema › hall or film), each level a way back. */
export const Crumbs = ({ trail }: { readonly trail: ReadonlyArray<Crumb> }) => {
  const t = useT()
  const lang = useLocale()
  return (
    <nav className="live-crumbs" aria-label={t("staff.attendance.trail")}>
      <ol>
        {trail.map((crumb) => (
          <li key={`${crumb.to}:${JSON.stringify(crumb.params ?? {})}`}>
            <Link to={crumb.to} params={crumb.params ?? {}} search={{ lang }}>
              {crumb.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  )
}
