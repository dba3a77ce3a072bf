import { useMemo } from "react"
import type { Translate } from "../../i18n/useI18n.ts"
import { sanitizeImageMap } from "../../lib/imageMap.ts"
import "./hallImageMap.css"

/**
 * The hall's image map (spec §3 `imageMapHtml`), when the back office wrote one. The only HTML from data the app
 * renders, and only what the image map sanitizer keeps of it (src/app/lib/imageMap.ts, docs/security.md).
 */
export const HallImageMap = ({ html, t }: { readonly html: string | null; readonly t: Translate }) => {
  const safe = useMemo(() => (html === null ? "" : sanitizeImageMap(html)), [html])
  if (safe.trim() === "") return null
  return (
    <figure className="hall-map" data-testid="hall-map">
      <figcaption className="hall-map__caption">{t("order.hallMap")}</figcaption>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the image map allowlist just above */}
      <div className="hall-map__picture" dangerouslySetInnerHTML={{ __html: safe }} />
    </figure>
  )
}
