import { useNavigate } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import { useLocale, useT } from "../i18n/useI18n.ts"
import "./search.css"

/**
 * The site's search (issue 19), in the header of every public page and at the top of the results: films and
 * showings in Hebrew, English or Russian, forgiving typos. Submitting opens `/search?q=…`.
 */
export const SearchBox = ({
  initial = "",
  large = false,
}: {
  readonly initial?: string
  readonly large?: boolean
}) => {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const [query, setQuery] = useState(initial)
  const inputId = useId()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const q = query.trim()
    if (q === "") return
    void navigate({ to: "/search", search: { lang: locale, q } })
  }
  return (
    // <search> is the landmark (role="search" on the form is the older spelling of the same thing)
    <search className="search-box" data-large={large || undefined}>
      <form className="search-box__form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t("publicPages.search.label")}
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("publicPages.search.placeholder")}
          maxLength={100}
          enterKeyHint="search"
          data-testid={large ? "search-page-input" : "search-input"}
        />
        <button type="submit" className="button button--ghost search-box__submit">
          {t("publicPages.search.submit")}
        </button>
      </form>
    </search>
  )
}
