import type { Confirmation } from "../../api/ReservationsApi.ts"
import { displayOrderIdentifier } from "../../domain/order/orderIdentifier.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { showToast } from "../ui/toast.ts"
import { buildIcs } from "./calendar.ts"
import { orderHeadlineOf } from "./orderHeadline.ts"
import { confirmationHref } from "./queries.ts"

type Props = {
  readonly confirmation: Confirmation
  readonly documentKey: string
  readonly locale: LocaleCode
  readonly t: Translate
}

const download = (filename: string, text: string, type: string) => {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // the click has read the URL synchronously; give the download a moment before letting it go
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * Add to calendar (.ics), download PDF, share. The PDF is the browser's own "save as PDF" of this page with a
 * print stylesheet (payment.css `@media print`): no PDF library in the bundle, and the printout is exactly what
 * the buyer sees, QR included.
 */
export const ConfirmationActions = ({ confirmation, documentKey, locale, t }: Props) => {
  const link = new URL(
    confirmationHref(confirmation.reservationIdentifier, documentKey, locale),
    window.location.origin,
  ).href
  const { presentation } = confirmation
  const headline = orderHeadlineOf(confirmation, t)

  const addToCalendar = () => {
    if (presentation === null) return
    const seats = confirmation.tickets
      .map((ticket) =>
        ticket.RowName !== null && ticket.SeatName !== null
          ? t("payment.confirmation.seat", {
              section: ticket.sectionName,
              row: ticket.RowName,
              seat: ticket.SeatName,
            })
          : ticket.sectionName,
      )
      .join("\n")
    const ics = buildIcs({
      uid: `${confirmation.reservationIdentifier}@marquee`,
      title: t("payment.confirmation.calendarTitle", {
        feature: presentation.featureName,
        venue: presentation.locationName,
      }),
      start: presentation.dateTime,
      durationMinutes: presentation.durationMinutes,
      location: t("app.venueAtLocation", {
        venue: presentation.venueName,
        location: presentation.locationName,
      }),
      description: `${t("payment.confirmation.orderId")}: ${displayOrderIdentifier(confirmation.reservationIdentifier)}\n${seats}`,
      url: link,
      stamp: new Date().toISOString(),
    })
    download(`${confirmation.reservationIdentifier}.ics`, ics, "text/calendar;charset=utf-8")
  }

  const share = async () => {
    const data = { title: headline.title, url: link }
    if (typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data)
        return
      } catch (error) {
        // the buyer closed the share sheet: nothing to do
        if (error instanceof DOMException && error.name === "AbortError") return
      }
    }
    try {
      await navigator.clipboard.writeText(link)
      showToast(t("payment.confirmation.linkCopied"))
    } catch {
      showToast(t("payment.confirmation.shareFailed"), "error")
    }
  }

  return (
    <div className="confirmation__actions" data-testid="confirmation-actions">
      {presentation !== null ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={addToCalendar}
          data-testid="add-to-calendar"
        >
          {t("payment.confirmation.addToCalendar")}
        </button>
      ) : null}
      <button type="button" className="button button--ghost" onClick={() => window.print()}>
        {t("payment.confirmation.downloadPdf")}
      </button>
      <button type="button" className="button button--ghost" onClick={() => void share()} data-testid="share">
        {t("payment.confirmation.share")}
      </button>
    </div>
  )
}
