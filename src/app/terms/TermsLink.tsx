import { Link } from "@tanstack/react-router"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { isTermsCode } from "./termsCodes.ts"
import "./terms.css"

type Props = { readonly code: string; readonly locale: LocaleCode; readonly t: Translate }

/**
 * "Read the terms" beside a terms checkbox (issue 13, defect 13). It opens in a new tab, so the form being
 * filled in and the order's timers are not left behind. A code without a page of its own gets no link.
 */
export const TermsLink = ({ code, locale, t }: Props) =>
  isTermsCode(code) ? (
    <Link
      to="/terms/$code"
      params={{ code }}
      search={{ lang: locale }}
      target="_blank"
      rel="noopener"
      className="terms-link"
      data-testid={`terms-link-${code}`}
    >
      {t("terms.read", { title: t(`terms.pages.${code}.title`) })}
    </Link>
  ) : null
