import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { CommitFailureCode } from "../../src/api/CommitRefusals.ts"
import { MembershipSeatRefused } from "../../src/api/MembershipsApi.ts"
import { MEMBERSHIP_REFUSALS } from "../../src/domain/memberships/refusals.ts"

/**
 * The membership refusals the contract can answer have their words in every locale, so the screens built on the
 * contract (issue 16, chooseMemberships and its seat step) never show a bare code.
 */
const LOCALES = ["he", "en", "ru", "ar", "bg", "cs", "hu", "pl", "ro", "sk"] as const

const errorsOf = (locale: string): Record<string, unknown> => {
  const table = JSON.parse(
    readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), "utf8"),
  ) as {
    memberships?: { errors?: Record<string, unknown> }
  }
  return table.memberships?.errors ?? {}
}

describe("membership refusals", () => {
  it("name every membership commit code and seat refusal of the contract", () => {
    const commitCodes = CommitFailureCode.literals.filter(
      (code) => /^(membership|noMemberships|memberNotFound)/.test(code) || code === "currencyMismatch",
    )
    const seatCodes = MembershipSeatRefused.fields.error.literals
    expect(commitCodes.length).toBeGreaterThan(5)
    for (const code of [...commitCodes, ...seatCodes]) expect(MEMBERSHIP_REFUSALS, code).toContain(code)
  })

  it("have a text in every locale", () => {
    for (const locale of LOCALES) {
      const errors = errorsOf(locale)
      for (const code of MEMBERSHIP_REFUSALS) {
        const text = errors[code]
        expect(typeof text, `${locale} ${code}`).toBe("string")
        expect((text as string).length, `${locale} ${code}`).toBeGreaterThan(5)
      }
      expect(Object.keys(errors).sort(), locale).toEqual([...MEMBERSHIP_REFUSALS].sort())
    }
  })
})
