import { Link } from "@tanstack/react-router"
import { externalAddress } from "../../domain/shared/externalLink.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { NotFoundMessage } from "./NotFoundMessage.tsx"
import "./errors.css"

/**
 * A `/http…` link to a host the server does not send anyone to (src/domain/shared/externalLink.ts): the reader
 * is told where it leads, by its real host, and chooses. The way on opens without our address as referrer.
 */
export const LeavingSite = ({ url, host }: { readonly url: string; readonly host: string }) => {
  const t = useT()
  const locale = useLocale()
  return (
    <section className="dead-end" aria-labelledby="leaving-title" data-testid="leaving-site">
      <h1 id="leaving-title" className="dead-end__title">
        {t("errors.leaving.title")}
      </h1>
      <p className="dead-end__text">
        {t("errors.leaving.text")}{" "}
        <strong className="dead-end__host" dir="ltr" data-testid="leaving-host">
          {host}
        </strong>
      </p>
      <p className="dead-end__text">{t("errors.leaving.warning")}</p>
      <div className="dead-end__actions">
        <Link to="/" search={{ lang: locale }} className="button button--primary">
          {t("app.home")}
        </Link>
        <a href={url} rel="noopener noreferrer nofollow" className="button button--ghost">
          {t("errors.leaving.continue", { host })}
        </a>
      </div>
    </section>
  )
}

/** The interstitial for `to`, read under the same rules as the server's; an address it cannot read is a 404. */
export const LeavingPage = ({ to }: { readonly to: string | undefined }) => {
  const link = to === undefined ? undefined : externalAddress(to)
  return link?.kind === "external" ? <LeavingSite url={link.url} host={link.host} /> : <NotFoundMessage />
}
