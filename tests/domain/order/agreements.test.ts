import { describe, expect, it } from "vitest"
import {
  acceptedTermCodes,
  DEFAULT_SITE_FLAGS,
  mailingStartsTicked,
  mayOfferSavingCard,
  missingTerms,
  termsSatisfied,
  termsStartTicked,
} from "../../../src/domain/order/agreements.ts"
import { DEFAULT_CUSTOMER_FORMS } from "../../../src/domain/order/customerInfo.ts"

const order = DEFAULT_CUSTOMER_FORMS.order.additionalTerms
const vod = DEFAULT_CUSTOMER_FORMS.vod.additionalTerms

describe("the site's flags decide", () => {
  it("the spec's defaults: terms required and not pre-ticked, no saving cards, no mailing", () => {
    expect(DEFAULT_SITE_FLAGS).toEqual({
      termsRequired: true,
      termsConfirmedByDefault: false,
      mobileVerification: false,
      emailVerification: false,
      saveCard: false,
      mailingDefault: false,
    })
  })
  it("whether an order may go on without the terms", () => {
    expect(termsSatisfied(DEFAULT_SITE_FLAGS, false)).toBe(false)
    expect(termsSatisfied(DEFAULT_SITE_FLAGS, true)).toBe(true)
    expect(termsSatisfied({ termsRequired: false }, false)).toBe(true)
  })
  it("whether the terms checkbox starts ticked", () => {
    expect(termsStartTicked(DEFAULT_SITE_FLAGS)).toBe(false)
    expect(termsStartTicked({ ...DEFAULT_SITE_FLAGS, termsConfirmedByDefault: true })).toBe(true)
  })
  it("whether the mailing consent starts ticked", () => {
    expect(mailingStartsTicked(DEFAULT_SITE_FLAGS)).toBe(false)
    expect(mailingStartsTicked({ ...DEFAULT_SITE_FLAGS, mailingDefault: true })).toBe(true)
  })
  it("whether a logged-in buyer is offered to keep the card", () => {
    expect(mayOfferSavingCard(DEFAULT_SITE_FLAGS, true)).toBe(false)
    expect(mayOfferSavingCard({ ...DEFAULT_SITE_FLAGS, saveCard: true }, true)).toBe(true)
    expect(mayOfferSavingCard({ ...DEFAULT_SITE_FLAGS, saveCard: true }, false)).toBe(false)
  })
})

describe("additional terms", () => {
  it("SUMMER_PROMO is missing from a normal order until accepted, never from video on demand", () => {
    expect(missingTerms(order, [])).toEqual(["SUMMER_PROMO"])
    expect(missingTerms(order, ["OTHER"])).toEqual(["SUMMER_PROMO"])
    expect(missingTerms(order, ["SUMMER_PROMO"])).toEqual([])
    expect(missingTerms(vod, [])).toEqual([])
  })
  it("the commit carries only ticked terms the form includes", () => {
    expect(acceptedTermCodes(order, { SUMMER_PROMO: true, OTHER: true })).toEqual(["SUMMER_PROMO"])
    expect(acceptedTermCodes(order, { SUMMER_PROMO: false })).toEqual([])
    expect(acceptedTermCodes(vod, { SUMMER_PROMO: true })).toEqual([])
  })
})
