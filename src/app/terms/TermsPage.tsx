import { useEffect } from "react"
import { useT } from "../i18n/useI18n.ts"
import { isTermsCode, TERMS_PARAGRAPHS } from "./termsCodes.ts"
import "./terms.css"

/** One page per term the buyer is asked to accept, in the reader's language. */
export const TermsPage = ({ code }: { readonly code: string }) => {
  const t = useT()
  const known = isTermsCode(code)
  const title = known ? t(`terms.pages.${code}.title`) : t("terms.unknown")

  useEffect(() => {
    document.title = `${title} · ${t("app.brand")}`
  }, [t, title])

  return (
    <article className="terms" data-testid="terms-page">
      <h1 className="terms__title">{title}</h1>
      {known ? (
        TERMS_PARAGRAPHS.map((p) => (
          <p key={p} className="terms__text">
            {t(`terms.pages.${code}.${p}`)}
          </p>
        ))
      ) : (
        <p className="terms__text">{t("terms.unknownText")}</p>
      )}
    </article>
  )
}
