import { queryOptions } from "@tanstack/react-query"
import type { BrokerActionDone, BrokerPresentation } from "../../../api/StaffBrokersApi.ts"
import type { BrokerAction } from "../../../domain/live/brokers.ts"
import { liveQueryDefaults } from "../liveQueries.ts"
import { liveGet, livePost } from "../staffApi.ts"

/** The sale states of a box's presentations (src/api/StaffBrokersApi.ts), refreshed like every live number. */
export const brokerStatesQuery = (presentationIds: ReadonlyArray<number>, lang: string) =>
  queryOptions({
    queryKey: ["staff", "brokers", presentationIds.join(","), lang],
    queryFn: ({ signal }) =>
      liveGet<{ readonly presentations: ReadonlyArray<BrokerPresentation> }>(
        "/PRES-live/brokers/presentations",
        lang,
        signal,
        { presentationIds: presentationIds.join(",") },
      ),
    ...liveQueryDefaults,
    enabled: presentationIds.length > 0,
  })

/** What the screen says after a button: each is a translated message (`staffBrokers.outcome.*`). */
export type BrokerOutcomeKey =
  | `done.${BrokerAction}`
  | `already.${BrokerAction}`
  | "notBroker"
  | "presentationNotFound"
  | "presentationStarted"
  | "failed"

const REFUSALS = new Set(["notBroker", "presentationNotFound", "presentationStarted"])

/** The message to say, and the presentation as the server left it (to show at once, with the message). */
export const runBrokerAction = async (
  action: BrokerAction,
  presentationId: number,
  lang: string,
): Promise<{ readonly key: BrokerOutcomeKey; readonly presentation?: BrokerPresentation }> => {
  const answer = await livePost<BrokerActionDone>(`/PRES-live/brokers/${action}/${presentationId}`, lang, {})
  const body = answer.body
  if (answer.status === 200 && body !== null && "changed" in body)
    return { key: body.changed ? `done.${action}` : `already.${action}`, presentation: body.presentation }
  const error = body !== null && "error" in body ? body.error : undefined
  return { key: error !== undefined && REFUSALS.has(error) ? (error as BrokerOutcomeKey) : "failed" }
}
