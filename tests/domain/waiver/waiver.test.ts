import { describe, expect, it } from "vitest"
import { ageOn, childAgeProblem, isSignaturePng, waiverProblem } from "../../../src/domain/waiver/waiver.ts"

const PNG_1X1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
)

describe("ageOn", () => {
  it("counts whole years, a birthday on the day counting", () => {
    expect(ageOn("2020-06-15", "2026-06-14")).toBe(5)
    expect(ageOn("2020-06-15", "2026-06-15")).toBe(6)
    expect(ageOn("2020-02-29", "2026-02-28")).toBe(5)
    expect(ageOn("2020-02-29", "2026-03-01")).toBe(6)
  })
  it("refuses dates that are not calendar days", () => {
    expect(ageOn("2020-02-30", "2026-01-01")).toBeNull()
    expect(ageOn("20-01-01", "2026-01-01")).toBeNull()
    expect(ageOn("2020-13-01", "2026-01-01")).toBeNull()
  })
})

describe("the child ticket suits the child's age (ages 3 to 12 on the showing's day)", () => {
  const day = "2026-11-28"
  it("accepts the edges and refuses one day beyond them", () => {
    expect(childAgeProblem({ name: "A", dateOfBirth: "2023-11-28" }, day)).toBeNull()
    expect(childAgeProblem({ name: "A", dateOfBirth: "2023-11-29" }, day)).toBe("waiverChildTooYoung")
    expect(childAgeProblem({ name: "A", dateOfBirth: "2013-11-29" }, day)).toBeNull()
    expect(childAgeProblem({ name: "A", dateOfBirth: "2013-11-28" }, day)).toBe("waiverChildTooOld")
    expect(childAgeProblem({ name: "A", dateOfBirth: "2027-01-01" }, day)).toBe("waiverChildInvalid")
  })
})

describe("waiverProblem", () => {
  const child = { name: "Maya", dateOfBirth: "2019-05-01" }
  const showing = { date: "2026-11-28", childTickets: 1 }
  it("passes a signed waiver whose children match the child tickets", () => {
    expect(waiverProblem({ signerName: "Dana Levi", children: [child] }, [showing])).toBeNull()
  })
  it("names the first problem", () => {
    expect(waiverProblem({ signerName: " ", children: [child] }, [showing])).toBe("waiverSigner")
    expect(waiverProblem({ signerName: "Dana", children: [] }, [showing])).toBe("waiverNoChildren")
    expect(waiverProblem({ signerName: "Dana", children: [{ ...child, name: "" }] }, [showing])).toBe(
      "waiverChildInvalid",
    )
    expect(waiverProblem({ signerName: "Dana", children: [child, child] }, [showing])).toBe(
      "waiverChildCount",
    )
    expect(waiverProblem({ signerName: "Dana", children: [child] }, [{ ...showing, childTickets: 2 }])).toBe(
      "waiverChildCount",
    )
    expect(
      waiverProblem({ signerName: "Dana", children: [{ name: "Tom", dateOfBirth: "2025-01-01" }] }, [
        showing,
      ]),
    ).toBe("waiverChildTooYoung")
    expect(
      waiverProblem({ signerName: "Dana", children: [{ name: "Tom", dateOfBirth: "2010-01-01" }] }, [
        showing,
      ]),
    ).toBe("waiverChildTooOld")
  })
  it("judges each showing on its own day", () => {
    const turnsThirteen = { name: "Ido", dateOfBirth: "2013-12-01" }
    expect(waiverProblem({ signerName: "Dana", children: [turnsThirteen] }, [showing])).toBeNull()
    expect(
      waiverProblem({ signerName: "Dana", children: [turnsThirteen] }, [
        showing,
        { date: "2026-12-01", childTickets: 1 },
      ]),
    ).toBe("waiverChildTooOld")
  })
})

describe("isSignaturePng", () => {
  it("accepts a PNG and refuses other bytes or too many of them", () => {
    expect(isSignaturePng(PNG_1X1)).toBe(true)
    expect(isSignaturePng(new TextEncoder().encode("GIF89a".padEnd(64, "x")))).toBe(false)
    const huge = new Uint8Array(200_001)
    huge.set(PNG_1X1)
    expect(isSignaturePng(huge)).toBe(false)
  })
})
