import { Link, useRouterState } from "@tanstack/react-router"
import names from "../../../locales/names.json"
import { useEnabledLocales } from "../i18n/useEnabledLocales.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"

/** Each language is named in itself, and a link keeps the current path and filters, changing only `lang`. */
export const LanguageSwitcher = () => {
  const t = useT()
  const active = useLocale()
  const enabled = useEnabledLocales()
  // The location's own path, not a route's: on a 404 the matched route is the root, and "." would lose it.
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <nav className="language-switcher" aria-label={t("app.language")}>
      <ul>
        {enabled.map((code) => (
          <li key={code}>
            <Link
              to={pathname}
              search={(previous: Record<string, unknown>) => ({ ...previous, lang: code })}
              lang={code}
              hrefLang={code}
              aria-current={code === active ? "page" : undefined}
              className="language-switcher__link"
            >
              {/* Narrow screens show the code; the name stays for screen readers (and shows from tablet up). */}
              <span className="language-switcher__code" aria-hidden="true">
                {code.toUpperCase()}
              </span>
              <span className="language-switcher__name">{names[code]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
