import { describe, expect, it } from "vitest"
import {
  type FeatureViewAction,
  type FeatureViewState,
  featureViewReducer,
  initialFeatureView,
} from "../../../src/domain/live/featureView.ts"

type State = FeatureViewState<string, string>
type Action = FeatureViewAction<string, string>
const fold = (actions: ReadonlyArray<Action>, from: State = initialFeatureView()) =>
  actions.reduce(featureViewReducer, from)

describe("the v2 feature/presentation view", () => {
  it("choosing a feature clears the presentation and both answers", () => {
    const shown = fold([
      { _tag: "FeatureSelected", featureId: 7 },
      { _tag: "FeatureDataArrived", request: 1, data: "film 7", at: 1000 },
      { _tag: "PresentationSelected", presentationId: 70 },
      { _tag: "PresentationDataArrived", request: 2, data: "show 70" },
    ])
    expect([shown.featureData, shown.presentationId, shown.presentationData]).toEqual([
      "film 7",
      70,
      "show 70",
    ])
    const next = featureViewReducer(shown, { _tag: "FeatureSelected", featureId: 8 })
    expect(next).toMatchObject({
      featureId: 8,
      presentationId: undefined,
      featureData: undefined,
      presentationData: undefined,
    })
  })

  it("choosing a presentation clears its answer only", () => {
    const shown = fold([
      { _tag: "FeatureSelected", featureId: 7 },
      { _tag: "FeatureDataArrived", request: 1, data: "film 7", at: 2000 },
      { _tag: "PresentationSelected", presentationId: 70 },
      { _tag: "PresentationDataArrived", request: 2, data: "show 70" },
      { _tag: "PresentationSelected", presentationId: 71 },
    ])
    expect([shown.featureData, shown.presentationId, shown.presentationData]).toEqual([
      "film 7",
      71,
      undefined,
    ])
  })

  it("ignores a feature's answer that arrives after a newer request, whatever the order", () => {
    // film 7 is asked (request 1), then film 8 (request 2); 8's answer comes first, 7's late answer after it
    const shown = fold([
      { _tag: "FeatureSelected", featureId: 7 },
      { _tag: "FeatureSelected", featureId: 8 },
      { _tag: "FeatureDataArrived", request: 2, data: "film 8", at: 3000 },
      { _tag: "FeatureDataArrived", request: 1, data: "film 7", at: 4000 },
    ])
    expect([shown.featureId, shown.featureData]).toEqual([8, "film 8"])
    // and in the other order: the stale answer never shows, not even for a moment
    const first = fold([
      { _tag: "FeatureSelected", featureId: 7 },
      { _tag: "FeatureSelected", featureId: 8 },
      { _tag: "FeatureDataArrived", request: 1, data: "film 7", at: 5000 },
    ])
    expect(first.featureData).toBeUndefined()
  })

  it("ignores a presentation's answer from before the feature changed", () => {
    const shown = fold([
      { _tag: "FeatureSelected", featureId: 7 },
      { _tag: "PresentationSelected", presentationId: 70 },
      { _tag: "FeatureSelected", featureId: 8 },
      { _tag: "PresentationDataArrived", request: 2, data: "show 70" },
    ])
    expect([shown.presentationId, shown.presentationData]).toEqual([undefined, undefined])
  })

  it("keeps the shown numbers through a refresh until the new ones arrive", () => {
    const shown = fold([
      { _tag: "FeatureSelected", featureId: 7 },
      { _tag: "FeatureDataArrived", request: 1, data: "film 7 at 10:00", at: 6000 },
      { _tag: "Refreshed" },
    ])
    expect(shown.featureData).toBe("film 7 at 10:00")
    const later = fold(
      [
        { _tag: "FeatureDataArrived", request: 1, data: "film 7 late", at: 7000 },
        { _tag: "FeatureDataArrived", request: 2, data: "film 7 at 10:05", at: 8000 },
      ],
      shown,
    )
    expect(later.featureData).toBe("film 7 at 10:05")
  })

  it("takes the time and a failure from the latest request only, as its answer", () => {
    // film 7 asked (request 1), then film 8 (request 2); 7's failure and 7's late answer arrive after 8's answer
    const shown = fold([
      { _tag: "FeatureSelected", featureId: 7 },
      { _tag: "FeatureSelected", featureId: 8 },
      { _tag: "FeatureDataArrived", request: 2, data: "film 8", at: 5000 },
      { _tag: "RequestFailed", kind: "feature", request: 1, error: "7 timed out" },
      { _tag: "FeatureDataArrived", request: 1, data: "film 7", at: 9000 },
    ])
    expect([shown.featureData, shown.updatedAt, shown.failure]).toEqual(["film 8", 5000, undefined])
    // the latest request's failure is kept (the numbers stay), and its next answer clears it
    const failed = fold(
      [{ _tag: "Refreshed" }, { _tag: "RequestFailed", kind: "feature", request: 3, error: "offline" }],
      shown,
    )
    expect([failed.featureData, failed.updatedAt, failed.failure]).toEqual(["film 8", 5000, "offline"])
    const back = featureViewReducer(failed, {
      _tag: "FeatureDataArrived",
      request: 3,
      data: "film 8 again",
      at: 12000,
    })
    expect([back.featureData, back.updatedAt, back.failure]).toEqual(["film 8 again", 12000, undefined])
    // a presentation's failure from before it was changed does not say the new one failed
    const presentation = fold(
      [
        { _tag: "PresentationSelected", presentationId: 80 },
        { _tag: "PresentationSelected", presentationId: 81 },
        {
          _tag: "RequestFailed",
          kind: "presentation",
          request: back.presentationRequest + 1,
          error: "80 failed",
        },
      ],
      back,
    )
    expect([presentation.presentationId, presentation.failure]).toEqual([81, undefined])
  })
})
