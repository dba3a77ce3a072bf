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
      { _tag: "FeatureDataArrived", request: 1, data: "film 7" },
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
      { _tag: "FeatureDataArrived", request: 1, data: "film 7" },
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
      { _tag: "FeatureDataArrived", request: 2, data: "film 8" },
      { _tag: "FeatureDataArrived", request: 1, data: "film 7" },
    ])
    expect([shown.featureId, shown.featureData]).toEqual([8, "film 8"])
    // and in the other order: the stale answer never shows, not even for a moment
    const first = fold([
      { _tag: "FeatureSelected", featureId: 7 },
      { _tag: "FeatureSelected", featureId: 8 },
      { _tag: "FeatureDataArrived", request: 1, data: "film 7" },
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
      { _tag: "FeatureDataArrived", request: 1, data: "film 7 at 10:00" },
      { _tag: "Refreshed" },
    ])
    expect(shown.featureData).toBe("film 7 at 10:00")
    const later = fold(
      [
        { _tag: "FeatureDataArrived", request: 1, data: "film 7 late" },
        { _tag: "FeatureDataArrived", request: 2, data: "film 7 at 10:05" },
      ],
      shown,
    )
    expect(later.featureData).toBe("film 7 at 10:05")
  })
})
