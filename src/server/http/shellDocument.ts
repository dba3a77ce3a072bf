import ar from "../../../locales/ar.json" with { type: "json" }
import bg from "../../../locales/bg.json" with { type: "json" }
import cs from "../../../locales/cs.json" with { type: "json" }
import en from "../../../locales/en.json" with { type: "json" }
import he from "../../../locales/he.json" with { type: "json" }
import hu from "../../../locales/hu.json" with { type: "json" }
import pl from "../../../locales/pl.json" with { type: "json" }
import ro from "../../../locales/ro.json" with { type: "json" }
import ru from "../../../locales/ru.json" with { type: "json" }
import sk from "../../../locales/sk.json" with { type: "json" }
import { isPagePath, type PageFrame, pageFrameOf } from "../../api/pagePaths.ts"
import { directionOf, type LocaleCode, resolveLocale } from "../../domain/shared/locales.ts"

/**
 * What the server answers for a page request before any script runs: the status (200 for a page of the app,
 * 404 for a path it has none at or a `lang` that is not enabled, spec §2) and the shell with `<html lang dir>`
 * already in the language the app will pick, so the first paint never flips direction. A 404's title is the
 * translated "page not found", so a crawler or a reader without JavaScript is told too.
 */

type Table = {
  readonly app?: { readonly brand?: string }
  readonly status?: { readonly loading?: string }
  readonly errors?: { readonly notFound?: string }
}
const TABLES: Record<LocaleCode, Table> = { he, en, ru, ar, pl, sk, ro, bg, cs, hu }

/** The locale's text, else English's (partial dictionaries rely on it, as in the app). */
const notFoundText = (locale: LocaleCode): string => TABLES[locale].errors?.notFound ?? en.errors.notFound

const brandText = (locale: LocaleCode): string => TABLES[locale].app?.brand ?? en.app.brand
const loadingText = (locale: LocaleCode): string => TABLES[locale].status?.loading ?? en.status.loading

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/**
 * The page's frame and a "loading" line, in the HTML itself: the first contentful paint comes with the stylesheet
 * instead of after the entry, the texts and the route's chunks (seconds later on a slow phone network, issue 17),
 * so a buyer sees at once where they are. The markup is the layout's header (src/app/layout/SiteShell.tsx; the
 * public pages' first row keeps the height their search and language links give it, so the brand never moves) and
 * the router's pending screen (src/app/ui/RoutePending.tsx), styled by the entry's stylesheet; the line shows only
 * after the spec's 200 ms (spinner.css). React's first commit replaces them with the first screen, loaded by then
 * (src/app/main.tsx), so the page never goes blank in between. The staff app has a header of its own: its first
 * paint is the loading line alone.
 */
const loadingLine = (locale: LocaleCode): string =>
  `<div class="spinner spinner--after-delay" role="status"><span class="spinner__ring" aria-hidden="true"></span><span class="spinner__label">${escapeHtml(loadingText(locale))}</span></div>`

const firstPaint = (locale: LocaleCode, frame: PageFrame): string => {
  if (frame === "staff") return loadingLine(locale)
  const inner =
    frame === "default" ? "site-header__inner site-header__inner--first-paint" : "site-header__inner"
  const shell = frame === "default" ? "shell" : "shell shell--booking"
  return `<div class="${shell}"><header class="site-header"><div class="${inner}"><a class="brand" href="/?lang=${locale}"><span class="brand__mark" aria-hidden="true"></span><span class="brand__name">${escapeHtml(brandText(locale))}</span></a></div></header><main id="main" class="site-main">${loadingLine(locale)}</main></div>`
}

export interface SiteLocales {
  readonly enabled: ReadonlyArray<string>
  readonly default: LocaleCode
}

export interface ShellAnswer {
  readonly status: 200 | 404
  readonly html: string
}

export const shellAnswer = (
  template: string,
  request: { readonly pathname: string; readonly lang: string | null },
  locales: SiteLocales,
): ShellAnswer => {
  const { found, locale } = resolveLocale(request.lang, locales.enabled, locales.default)
  const status = found && isPagePath(request.pathname) ? 200 : 404
  const frame = pageFrameOf(request.pathname)
  let html = template.replace(/<html[^>]*>/, `<html lang="${locale}" dir="${directionOf(locale)}">`)
  if (status === 404)
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(notFoundText(locale))}</title>`)
  // the staff app installs on its own (issue 18): its pages name its manifest (scope and start URL /PRES-live)
  else if (frame === "staff")
    html = html.replace('href="/manifest.webmanifest"', 'href="/pres-live.webmanifest"')
  html = html.replace('<div id="root"></div>', `<div id="root">${firstPaint(locale, frame)}</div>`)
  return { status, html }
}
