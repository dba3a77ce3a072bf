import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import type { PresentationAttendance } from "../../../api/StaffApi.ts"
import { brokerActionsFor } from "../../../domain/live/brokers.ts"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { wallTime } from "../dates.ts"
import { type BrokerOutcomeKey, brokerStatesQuery, runBrokerAction } from "./brokerQueries.ts"
import "./brokers.css"

/**
 * Spec §4 "Brokers can lock, unlock and save event presentations for sale", under the presentation box, for
 * brokers only (the session's `isBroker`; the server checks again on every call). Each showing offers only the
 * buttons that would change it; the outcome, success or refusal, is said on its row.
 */
export const BrokerPanel = ({
  presentations,
  nameOf,
}: {
  readonly presentations: ReadonlyArray<PresentationAttendance>
  readonly nameOf: (row: PresentationAttendance) => string
}) => {
  const t = useT()
  const lang = useLocale()
  const queryClient = useQueryClient()
  const ids = presentations.map((row) => row.PresentationId)
  const statesQuery = brokerStatesQuery(ids, lang)
  const states = useQuery(statesQuery)
  const [busy, setBusy] = useState<number | null>(null)
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, BrokerOutcomeKey>>(new Map())
  const byId = new Map((states.data?.presentations ?? []).map((row) => [row.PresentationId, row]))
  return (
    <section className="brokers" aria-labelledby="brokers-title">
      <h2 id="brokers-title" className="brokers__title">
        {t("staffBrokers.title")}
      </h2>
      <p className="brokers__hint">{t("staffBrokers.hint")}</p>
      <ul className="brokers__list">
        {presentations.map((row) => {
          const state = byId.get(row.PresentationId)
          const outcome = outcomes.get(row.PresentationId)
          const ok = outcome?.startsWith("done.") === true || outcome?.startsWith("already.") === true
          return (
            <li key={row.PresentationId} className="brokers__row">
              <span className="brokers__name">
                <span className="brokers__time">{wallTime(row.PresentationDateTime)}</span> {nameOf(row)}
              </span>
              {state === undefined ? null : (
                <>
                  <span className={`brokers__state brokers__state--${state.SaleState}`}>
                    {state.SaleState === "locked" && state.LockedBy !== null
                      ? t("staffBrokers.lockedBy", { name: state.LockedBy })
                      : t(`staffBrokers.state.${state.SaleState}`)}
                    {state.Started ? ` · ${t("staffBrokers.started")}` : ""}
                  </span>
                  <span className="brokers__actions">
                    {brokerActionsFor(state.SaleState, state.Started).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className={`brokers__button brokers__button--${action}`}
                        disabled={busy !== null}
                        onClick={async () => {
                          setBusy(row.PresentationId)
                          const answer = await runBrokerAction(action, row.PresentationId, lang).catch(
                            () => ({ key: "failed" as const, presentation: undefined }),
                          )
                          const now = answer.presentation
                          // the new state shows with its message, not a refetch later
                          if (now !== undefined)
                            queryClient.setQueryData(statesQuery.queryKey, (before) =>
                              before === undefined
                                ? before
                                : {
                                    presentations: before.presentations.map((p) =>
                                      p.PresentationId === now.PresentationId ? now : p,
                                    ),
                                  },
                            )
                          setOutcomes((before) => new Map(before).set(row.PresentationId, answer.key))
                          setBusy(null)
                          await queryClient.invalidateQueries({ queryKey: ["staff"] })
                        }}
                      >
                        {t(`staffBrokers.action.${action}`)}
                      </button>
                    ))}
                  </span>
                </>
              )}
              {outcome === undefined ? null : (
                <span role="status" className={ok ? "brokers__ok" : "brokers__refused"}>
                  {t(`staffBrokers.outcome.${outcome}`)}
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
