import { useQuery } from "@tanstack/react-query"
import type { AreaWaiver } from "../../../api/WaiverApi.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { apiGet } from "../../lib/api.ts"
import { AREA_KEY } from "./areaApi.ts"
import { wallDate, wallTime } from "./areaView.ts"

/**
 * The child waiver signed with a reservation (issue 19): who signed and when, the children, and the signature
 * itself. Read only for a reservation whose `hasWaiver` says there is one, under the session's key (signing out
 * drops it with the rest of the area).
 */
export const WaiverRecord = ({
  identifier,
  uuid,
  t,
}: {
  readonly identifier: string
  readonly uuid: string
  readonly t: Translate
}) => {
  const waiver = useQuery({
    queryKey: [AREA_KEY, uuid, "waiver", identifier],
    queryFn: ({ signal }) =>
      apiGet<AreaWaiver>(`/customer-area/reservations/${encodeURIComponent(identifier)}/waiver`, {}, signal),
  })
  const w = waiver.data
  if (w === undefined) return null
  return (
    <section className="area-waiver" data-testid="reservation-waiver">
      <h4 className="area-card__title">{t("waiver.title")}</h4>
      <p className="area-muted" data-testid="waiver-signed-by">
        {t("waiver.signedBy", {
          name: w.signerName,
          date: `${wallDate(w.signedAt)} ${wallTime(w.signedAt)}`,
        })}
      </p>
      <ul className="area-tickets">
        {w.children.map((child) => (
          <li key={`${child.name}|${child.dateOfBirth}`} data-testid="waiver-child-record">
            {t("waiver.childLine", { name: child.name, date: wallDate(child.dateOfBirth) })}
          </li>
        ))}
      </ul>
      <img
        className="area-waiver__signature"
        src={`data:image/png;base64,${w.signaturePng}`}
        alt={t("waiver.signatureAlt", { name: w.signerName })}
        data-testid="waiver-signature-image"
      />
    </section>
  )
}
