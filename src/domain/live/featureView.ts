/**
 * Spec §4 "Live v2: selecting a feature or presentation clears dependent data; a stale feature-data response is
 * ignored when a newer request was made." The v2 feature/presentation view as a pure fold: every request carries
 * the number it was made with, and an answer is taken only if its number is still the latest of its kind, so an
 * answer that arrives after a newer request (a slow network, a quick second click) can never overwrite it.
 */

export interface FeatureViewState<F, P> {
  readonly featureId: number | undefined
  readonly presentationId: number | undefined
  readonly featureData: F | undefined
  readonly presentationData: P | undefined
  /** when the shown feature data was fetched (epoch ms; 0: not yet), from the latest request's answer only */
  readonly updatedAt: number
  /** why the latest request of either kind failed; a stale request's failure is not kept, as its answer is not */
  readonly failure: unknown
  /** the number of the latest feature-data request; answers to older ones are stale */
  readonly featureRequest: number
  readonly presentationRequest: number
}

export type FeatureViewAction<F, P> =
  | { readonly _tag: "FeatureSelected"; readonly featureId: number | undefined }
  | { readonly _tag: "PresentationSelected"; readonly presentationId: number | undefined }
  /** the range or location changed: the same choices, asked again */
  | { readonly _tag: "Refreshed" }
  | { readonly _tag: "FeatureDataArrived"; readonly request: number; readonly data: F; readonly at: number }
  | { readonly _tag: "PresentationDataArrived"; readonly request: number; readonly data: P }
  | {
      readonly _tag: "RequestFailed"
      readonly kind: "feature" | "presentation"
      readonly request: number
      readonly error: unknown
    }

export const initialFeatureView = <F, P>(): FeatureViewState<F, P> => ({
  featureId: undefined,
  presentationId: undefined,
  featureData: undefined,
  presentationData: undefined,
  updatedAt: 0,
  failure: undefined,
  featureRequest: 0,
  presentationRequest: 0,
})

export const featureViewReducer = <F, P>(
  state: FeatureViewState<F, P>,
  action: FeatureViewAction<F, P>,
): FeatureViewState<F, P> => {
  switch (action._tag) {
    case "FeatureSelected":
      // the presentation belonged to the old feature: it and both answers go
      return {
        ...state,
        featureId: action.featureId,
        presentationId: undefined,
        featureData: undefined,
        presentationData: undefined,
        featureRequest: state.featureRequest + 1,
        presentationRequest: state.presentationRequest + 1,
      }
    case "PresentationSelected":
      return {
        ...state,
        presentationId: action.presentationId,
        presentationData: undefined,
        presentationRequest: state.presentationRequest + 1,
      }
    case "Refreshed":
      // the shown numbers stay until the new ones come (no flicker); only answers to this request count
      return {
        ...state,
        featureRequest: state.featureRequest + 1,
        presentationRequest: state.presentationRequest + 1,
      }
    case "FeatureDataArrived":
      return action.request === state.featureRequest
        ? { ...state, featureData: action.data, updatedAt: action.at, failure: undefined }
        : state
    case "PresentationDataArrived":
      return action.request === state.presentationRequest
        ? { ...state, presentationData: action.data, failure: undefined }
        : state
    case "RequestFailed":
      return action.request === (action.kind === "feature" ? state.featureRequest : state.presentationRequest)
        ? { ...state, failure: action.error }
        : state
  }
}
