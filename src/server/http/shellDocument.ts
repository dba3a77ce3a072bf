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
import { isPagePath } from "../../api/pagePaths.ts"
import { directionOf, type LocaleCode, resolveLocale } from "../../domain/shared/locales.ts"

/**
 * What the server answers for a page request before any script runs: the status (200 for a page of the app,
 * 404 for a path it has none at or a `lang` that is not enabled, spec §2) and the shell with `<html lang dir>`
 * already in the language the app will pick, so the first paint never flips direction. A 404's title is the
 * translated "page not found", so a crawler or a reader without JavaScript is told too.
 */

type Table = { readonly errors?: { readonly notFound?: string } }
const TABLES: Record<LocaleCode, Table> = { he, en, ru, ar, pl, sk, ro, bg, cs, hu }

/** The locale's text, else English's (partial dictionaries rely on it, as in the app). */
const notFoundText = (locale: LocaleCode): string => TABLES[locale].errors?.notFound ?? en.errors.notFound

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

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
  let html = template.replace(/<html[^>]*>/, `<html lang="${locale}" dir="${directionOf(locale)}">`)
  if (status === 404)
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(notFoundText(locale))}</title>`)
  // the staff app installs on its own (issue 18): its pages name its manifest (scope and start URL /PRES-live)
  else if (/^\/PRES-live(\/|$)/.test(request.pathname))
    html = html.replace('href="/manifest.webmanifest"', 'href="/pres-live.webmanifest"')
  return { status, html }
}
