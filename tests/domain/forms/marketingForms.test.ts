import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { MARKETING_FORMS } from "../../../src/domain/forms/marketingFormKinds.ts"
import {
  addDays,
  checkMarketingForm,
  MARKETING_FORM_FIELDS,
} from "../../../src/domain/forms/marketingForms.ts"

const context = { today: "2026-11-24", locationIds: new Set([1170, 1171]) }

const birthday = {
  firstName: "Dana",
  lastName: "Levi",
  email: "Dana@Example.com",
  mobileNumber: "+972 50-123-4567",
  locationId: "1170",
  date: "2026-12-10",
  childAge: "7",
  guestCount: "20",
}

describe("marketing forms", () => {
  it("passes a whole birthday request, normalised, and drops what the form does not ask", () => {
    const checked = checkMarketingForm("birthday", { ...birthday, isAdmin: "true", notes: "  " }, context)
    expect(checked.errors).toEqual({})
    expect(checked.values).toEqual({
      ...birthday,
      email: "dana@example.com",
      mobileNumber: "0501234567",
    })
  })

  it("names every broken rule with the spec's codes", () => {
    const checked = checkMarketingForm(
      "birthday",
      {
        firstName: "D4na",
        lastName: "L",
        email: "dana@",
        mobileNumber: "02-1234567",
        locationId: "1",
        date: "2026-11-25",
        childAge: "seven",
        guestCount: "500",
        notes: "x".repeat(501),
      },
      context,
    )
    expect(checked.errors).toEqual({
      firstName: { rule: "alpha" },
      lastName: { rule: "min", min: 2 },
      email: { rule: "email" },
      mobileNumber: { rule: "mobile" },
      locationId: { rule: "notValid" },
      date: { rule: "notValid" },
      childAge: { rule: "numeric" },
      guestCount: { rule: "atMost", max: 100 },
      notes: { rule: "max", max: 500 },
    })
  })

  it("requires what each form requires, and nothing else", () => {
    expect(Object.keys(checkMarketingForm("contact", {}, context).errors).sort()).toEqual(
      ["email", "firstName", "lastName", "message", "subject"].sort(),
    )
    expect(Object.keys(checkMarketingForm("job", {}, context).errors).sort()).toEqual(
      ["availability", "department", "email", "firstName", "lastName", "mobileNumber"].sort(),
    )
  })

  it("takes a party date from 3 days to a year ahead, and only real calendar dates", () => {
    const dateError = (date: string) =>
      checkMarketingForm("birthday", { ...birthday, date }, context).errors.date
    expect(dateError("2026-11-26")).toEqual({ rule: "notValid" })
    expect(dateError("2026-11-27")).toBeUndefined()
    expect(dateError("2027-11-24")).toBeUndefined()
    expect(dateError("2027-11-25")).toEqual({ rule: "notValid" })
    expect(dateError("2027-02-30")).toEqual({ rule: "notValid" })
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02")
  })

  it("refuses a choice the form does not offer", () => {
    const job = { ...birthday, department: "boxOffice", availability: "weekends" }
    expect(checkMarketingForm("job", job, context).errors).toEqual({})
    expect(checkMarketingForm("job", { ...job, department: "ceo" }, context).errors).toEqual({
      department: { rule: "notValid" },
    })
  })

  it("never throws and never keeps a value it refused, whatever is typed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MARKETING_FORMS),
        fc.dictionary(
          fc.constantFrom(
            ...Object.values(MARKETING_FORM_FIELDS)
              .flat()
              .map((f) => f.name),
          ),
          fc.string(),
        ),
        (kind, typed) => {
          const { errors, values } = checkMarketingForm(kind, typed, context)
          for (const name of Object.keys(errors)) expect(values[name]).toBeUndefined()
          for (const name of Object.keys(values))
            expect(MARKETING_FORM_FIELDS[kind].some((f) => f.name === name)).toBe(true)
        },
      ),
    )
  })
})
