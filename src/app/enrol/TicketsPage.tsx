import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { ContinueLink } from "./ContinueLink.tsx"
import { EnrolFrame } from "./EnrolFrame.tsx"
import { useEnrolment } from "./useEnrolment.ts"

type Props = { readonly membershipId: number; readonly locale: LocaleCode }

/** chooseTickets: a ticket type of the season's groups, the default group's first ticket to start with. */
export const TicketsPage = ({ membershipId, locale }: Props) => {
  const t = useT()
  const state = useEnrolment(membershipId, locale)
  const { season, draft } = state
  return (
    <EnrolFrame step="chooseTickets" membershipId={membershipId} locale={locale} state={state}>
      {season !== null && draft !== null ? (
        <>
          <p>{t("enrol.ticketHint")}</p>
          {season.TicketGroups.map((group) => (
            <fieldset key={group.ticketGroupId} className="enrol-card">
              <legend>{group.name}</legend>
              <ul className="enrol-list">
                {group.tickets.map((ticket, i) => {
                  const checked =
                    draft.ticketId === null
                      ? group.ticketGroupId === season.DefaultTicketGroupId && i === 0
                      : draft.ticketId === ticket.ticketId
                  return (
                    <li key={ticket.ticketId} className="enrol-option">
                      <label>
                        <input
                          type="radio"
                          name="enrol-ticket"
                          checked={checked}
                          onChange={() =>
                            state.setDraft({
                              ...draft,
                              ticketGroupId: group.ticketGroupId,
                              ticketId: ticket.ticketId,
                            })
                          }
                          data-testid={`enrol-ticket-${ticket.ticketId}`}
                        />
                        {ticket.name}
                      </label>
                      {season.IsPricingPerTicket ? <span>{formatMoney(ticket.price, locale)}</span> : null}
                    </li>
                  )
                })}
              </ul>
            </fieldset>
          ))}
          <ContinueLink
            to="choosePresentations"
            back="chooseSeats"
            membershipId={membershipId}
            locale={locale}
          />
        </>
      ) : null}
    </EnrolFrame>
  )
}
