import { useEffect, useReducer } from "react"
import type { PresentationAttendance } from "../../../api/StaffApi.ts"
import type { FeatureData } from "../../../api/StaffFeatureViewApi.ts"
import { featureViewReducer, initialFeatureView } from "../../../domain/live/featureView.ts"
import { LIVE_REFRESH_MS } from "../liveQueries.ts"
import { liveGet } from "../staffApi.ts"

type PresentationData = { readonly presentation: PresentationAttendance }

/**
 * The v2 view's state (src/domain/live/featureView.ts) with its two requests. A request is not aborted when a newer
 * one is made: its answer may still arrive, and the fold drops it because its number is no longer the latest.
 * While the screen is open the same choices are asked again every few seconds; the shown numbers stay until the
 * new ones come.
 */
export const useFeatureView = (date: string, lang: string) => {
  const [state, dispatch] = useReducer(
    featureViewReducer<FeatureData, PresentationData>,
    undefined,
    initialFeatureView<FeatureData, PresentationData>,
  )
  const { featureId, presentationId, featureRequest, presentationRequest } = state

  // a new date: the feature chosen belonged to the old one's list
  useEffect(() => {
    if (date !== "") dispatch({ _tag: "FeatureSelected", featureId: undefined })
  }, [date])

  useEffect(() => {
    const timer = setInterval(() => dispatch({ _tag: "Refreshed" }), LIVE_REFRESH_MS)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    if (featureId === undefined) return
    liveGet<FeatureData>("/PRES-live/v2/featureData", lang, undefined, {
      featureId: String(featureId),
      startDate: date,
    }).then(
      // the time and the failure go through the fold too: a late answer or failure of an older request moves
      // neither (src/domain/live/featureView.ts)
      (data) => dispatch({ _tag: "FeatureDataArrived", request: featureRequest, data, at: Date.now() }),
      (error: Error) => dispatch({ _tag: "RequestFailed", kind: "feature", request: featureRequest, error }),
    )
  }, [featureId, featureRequest, date, lang])

  useEffect(() => {
    if (presentationId === undefined) return
    liveGet<PresentationData>("/PRES-live/v2/presentationData", lang, undefined, {
      presentationId: String(presentationId),
      startDate: date,
    }).then(
      (data) => dispatch({ _tag: "PresentationDataArrived", request: presentationRequest, data }),
      (error: Error) =>
        dispatch({ _tag: "RequestFailed", kind: "presentation", request: presentationRequest, error }),
    )
  }, [presentationId, presentationRequest, date, lang])

  return {
    state,
    failure: state.failure instanceof Error ? state.failure : null,
    updatedAt: state.updatedAt,
    selectFeature: (id: number | undefined) => dispatch({ _tag: "FeatureSelected", featureId: id }),
    selectPresentation: (id: number | undefined) =>
      dispatch({ _tag: "PresentationSelected", presentationId: id }),
  }
}
