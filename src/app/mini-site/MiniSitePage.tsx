import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { type FormEvent, useEffect, useId, useState } from "react"
import type { MiniSite } from "../../api/MiniSiteApi.ts"
import { NotFoundMessage } from "../errors/NotFoundMessage.tsx"
import { formatMoney, TIME_ZONE } from "../i18n/format.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { ApiError } from "../lib/api.ts"
import { type PartnerVisit, partnerFor, rememberPartner } from "../lib/referral.ts"
import { DelayedSpinner } from "../ui/Spinner.tsx"
import { checkReference, miniSiteQueryOptions, type ReferenceCheck } from "./partnerClient.ts"
import "./mini-site.css"

/**
 * A partner's mini-site (spec §1, §2 `/mini-site/{url}`): the partner's name and prices, the prompt for the
 * buyer's ticket reference (checked by the server, which answers only how many tickets it still buys), then the
 * partner's showings. Choosing one opens the ordinary order, which carries the partner (src/app/lib/referral.ts).
 */
export const MiniSitePage = ({ url }: { readonly url: string }) => {
  const t = useT()
  const locale = useLocale()
  const site = useQuery(miniSiteQueryOptions(url, locale))

  useEffect(() => {
    if (site.data !== undefined) document.title = `${site.data.name} · ${t("app.brand")}`
  }, [site.data, t])

  if (site.isPending) return <DelayedSpinner label={t("partners.loading")} />
  if (site.isError)
    return site.error instanceof ApiError && site.error.status === 404 ? (
      <NotFoundMessage />
    ) : (
      <p className="mini-site__problem" role="alert">
        {t("partners.loadFailed")}
      </p>
    )
  return <PartnerSite site={site.data} />
}

const visitOf = (site: MiniSite, reference?: PartnerVisit["reference"]): PartnerVisit => ({
  url: site.URL,
  id: site.id,
  presentationIds: site.PresentationList.presentations.map((p) => p.id),
  ...(reference === undefined ? {} : { reference }),
})

/** The chain's calendar day of a showing: the server writes its times in Jerusalem's offset ("…T19:30:00+02:00"). */
const chainDay = (dateTime: string): string => dateTime.slice(0, 10)

const PartnerSite = ({ site }: { readonly site: MiniSite }) => {
  const t = useT()
  const locale = useLocale()
  const formId = useId()
  const first = site.PresentationList.presentations[0]
  const remembered = first === undefined ? undefined : partnerFor(first.id)?.reference
  const [reference1, setReference1] = useState(remembered?.reference1 ?? "")
  const [reference2, setReference2] = useState(remembered?.reference2 ?? "")
  const [check, setCheck] = useState<ReferenceCheck | null>(null)
  const [busy, setBusy] = useState(false)
  const valid = check?._tag === "Valid" && check.balance.Balance > 0
  // the day is the chooser's: a showing says its time
  const when = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" })

  // one day at a time: the partner's whole list (about 80 showings) was some 11,000 px on a phone (issue 19)
  const presentations = site.PresentationList.presentations
  const days = [...new Set(presentations.map((p) => chainDay(p.dateTime)))]
  const [chosenDay, setDay] = useState<string | undefined>(undefined)
  const day = chosenDay ?? days[0] ?? ""
  const shown = presentations.filter((p) => chainDay(p.dateTime) === day)
  const dayName = new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    weekday: "long",
    day: "numeric",
    month: "numeric",
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (reference1.trim() === "" || busy) return
    setBusy(true)
    const answer = await checkReference(site.URL, reference1.trim(), reference2.trim())
    setBusy(false)
    setCheck(answer)
    if (answer._tag === "Valid" && answer.balance.Balance > 0)
      rememberPartner(
        visitOf(site, {
          ticketId: answer.balance.TicketId,
          reference1: answer.balance.references.reference1,
          reference2: answer.balance.references.reference2 ?? "",
        }),
      )
  }

  return (
    <article className="mini-site" data-testid="mini-site">
      <header className="mini-site__header">
        <p className="mini-site__eyebrow">{t("partners.eyebrow")}</p>
        <h1 className="mini-site__title">{site.name}</h1>
        <p className="mini-site__intro">{t("partners.intro")}</p>
      </header>
      <section className="mini-site__prices" aria-labelledby={`${formId}-prices`}>
        <h2 id={`${formId}-prices`}>{t("partners.prices")}</h2>
        <ul>
          {site.prices.map((price) => (
            <li key={price.ticketId}>
              <span>{price.name}</span> <strong>{formatMoney(price.price, locale)}</strong>
            </li>
          ))}
        </ul>
      </section>
      <form className="mini-site__reference" onSubmit={submit} aria-labelledby={`${formId}-reference`}>
        <h2 id={`${formId}-reference`}>{t("partners.referenceTitle")}</h2>
        <label className="field">
          <span className="field__label">{t("partners.reference1")}</span>
          <input
            className="field__input"
            name="reference1"
            value={reference1}
            autoComplete="off"
            dir="ltr"
            required
            maxLength={64}
            onChange={(e) => setReference1(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t("partners.reference2")}</span>
          <input
            className="field__input"
            name="reference2"
            value={reference2}
            autoComplete="off"
            maxLength={64}
            onChange={(e) => setReference2(e.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("partners.check")}
        </button>
        <CheckAnswer check={check} />
      </form>
      <section aria-labelledby={`${formId}-showings`}>
        <h2 id={`${formId}-showings`}>{t("partners.showings")}</h2>
        {site.PresentationList.presentations.length === 0 ? (
          <p>{t("partners.noShowings")}</p>
        ) : (
          <label className="field mini-site__day">
            <span className="field__label">{t("whatsOn.days")}</span>
            <select className="field__input" value={day} onChange={(e) => setDay(e.target.value)}>
              {days.map((date) => (
                <option key={date} value={date}>
                  {dayName.format(new Date(`${date}T12:00:00Z`))}
                </option>
              ))}
            </select>
          </label>
        )}
        {shown.length > 0 && (
          <ul className="mini-site__showings">
            {shown.map((p) => (
              <li
                key={p.id}
                className="mini-site__showing"
                data-testid="partner-showing"
                data-presentation={p.id}
              >
                <div>
                  <strong>{p.featureName}</strong>
                  <span>
                    {when.format(new Date(p.dateTime))} · {p.locationName} · {p.venueName}
                  </span>
                </div>
                {valid ? (
                  <Link
                    to="/order/$presentationId/seats"
                    params={{ presentationId: p.id }}
                    search={{ lang: locale }}
                    className="button button--primary"
                  >
                    {t("partners.buy")}
                  </Link>
                ) : (
                  <button type="button" className="button" disabled>
                    {t("partners.buy")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}

const CheckAnswer = ({ check }: { readonly check: ReferenceCheck | null }) => {
  const t = useT()
  if (check === null) return <p className="mini-site__hint">{t("partners.checkFirst")}</p>
  switch (check._tag) {
    case "Valid":
      return check.balance.Balance > 0 ? (
        <p className="mini-site__ok" role="status" data-testid="reference-valid">
          {t("partners.valid", { n: check.balance.Balance })}
        </p>
      ) : (
        <p className="mini-site__problem" role="alert">
          {t("partners.usedUp")}
        </p>
      )
    case "NotFound":
      return (
        <p className="mini-site__problem" role="alert">
          {t("partners.notFound")}
        </p>
      )
    case "Limited":
      return (
        <p className="mini-site__problem" role="alert">
          {t("partners.limited", { n: check.minutes })}
        </p>
      )
    case "Failed":
      return (
        <p className="mini-site__problem" role="alert">
          {t("partners.loadFailed")}
        </p>
      )
  }
}
