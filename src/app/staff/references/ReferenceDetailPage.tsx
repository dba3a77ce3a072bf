import { useQuery } from "@tanstack/react-query"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { Crumbs } from "../Crumbs.tsx"
import { LiveStatus } from "../LiveStatus.tsx"
import { useLiveTitle } from "../useLiveTitle.ts"
import { useSignedOut } from "../useSignedOut.ts"
import { QuantityEditor } from "./QuantityEditor.tsx"
import { referenceDetailQuery } from "./referenceQueries.ts"
import { SalesTable } from "./SalesTable.tsx"
import "./references.css"

/** One reference (spec §7 TicketReferencePromptAdminDetail): its numbers, its quantity, its sales; tickets by SMS. */
export const ReferenceDetailPage = ({ priceRowId }: { readonly priceRowId: number }) => {
  const t = useT()
  const lang = useLocale()
  const detail = useQuery(referenceDetailQuery(priceRowId, lang))
  useSignedOut(detail.error)
  const reference = detail.data?.reference
  useLiveTitle(reference?.Reference1 ?? t("staffRefs.title"), t("staff.appName"))
  return (
    <section className="live-screen">
      <Crumbs trail={[{ label: t("staffRefs.title"), to: "/PRES-live/references" }]} />
      <h1 className="live-screen__title">{reference?.Reference1 ?? ""}</h1>
      <LiveStatus updatedAt={detail.dataUpdatedAt} failed={detail.isError} />
      {reference === undefined ? (
        <p className="live-screen__note">
          {detail.isPending ? t("staff.loading") : t("staffRefs.outcome.refPromptOptNotFound")}
        </p>
      ) : (
        <>
          <dl className="refs__facts">
            <dt>{t("staffRefs.agent")}</dt>
            <dd>{reference.AgentName ?? "—"}</dd>
            <dt>{t("staffRefs.ticket")}</dt>
            <dd>{reference.TicketName}</dd>
            <dt>{t("staffRefs.note")}</dt>
            <dd>{reference.Reference2 ?? "—"}</dd>
            <dt>{t("staffRefs.used")}</dt>
            <dd>{reference.Used}</dd>
            <dt>{t("staffRefs.left")}</dt>
            <dd>{reference.Left}</dd>
            <dt>{t("staffRefs.quantity")}</dt>
            <dd>
              <QuantityEditor
                key={reference.PriceRowId}
                option={reference}
                label={t("staffRefs.quantityOf", {
                  reference: reference.Reference1,
                  ticket: reference.TicketName,
                })}
              />
            </dd>
          </dl>
          <SalesTable rows={detail.data?.sales ?? []} caption={t("staffRefs.sales")} canSend />
        </>
      )}
    </section>
  )
}
