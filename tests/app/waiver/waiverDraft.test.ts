import { describe, expect, it } from "vitest"
import { draftProblem, emptyDraft } from "../../../src/app/waiver/waiverDraft.ts"

/** The customer step's check: the domain's rule on this showing's seats, and a signature. */
describe("draftProblem", () => {
  const showing = { dateTime: "2026-11-28T10:30:00+02:00", ticketPolicies: [2, 1] }
  const signed = {
    ...emptyDraft("Dana Levi", "k"),
    children: [{ name: "Maya", dateOfBirth: "2019-05-01" }],
    signaturePng: "iVBORw0KGgo=",
  }
  it("passes a signed waiver with one child per child ticket (other tickets do not count)", () => {
    expect(draftProblem(signed, showing)).toBeNull()
  })
  it("asks for the signature last, after the children", () => {
    expect(draftProblem({ ...signed, signaturePng: null }, showing)).toBe("waiverSignature")
    expect(draftProblem(emptyDraft("Dana", "k"), showing)).toBe("waiverChildInvalid")
  })
  it("reads the showing's day from its local date", () => {
    const turnsThirteen = { ...signed, children: [{ name: "Ido", dateOfBirth: "2013-11-28" }] }
    expect(draftProblem(turnsThirteen, showing)).toBe("waiverChildTooOld")
    expect(draftProblem(turnsThirteen, { ...showing, dateTime: "2026-11-27T23:30:00+02:00" })).toBeNull()
  })
  it("counts the child tickets of the showing", () => {
    expect(draftProblem(signed, { ...showing, ticketPolicies: [1, null] })).toBe("waiverChildCount")
  })
})
