import { Link } from "@tanstack/react-router"
import { useLocale, useT } from "../i18n/useI18n.ts"

export const Brand = () => {
  const t = useT()
  const locale = useLocale()
  return (
    <Link to="/" search={{ lang: locale }} className="brand">
      <span className="brand__mark" aria-hidden="true" />
      <span className="brand__name">{t("app.brand")}</span>
    </Link>
  )
}
