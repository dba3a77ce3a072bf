import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { renderOutboxMessage } from "../../../src/server/notifications/templates.ts"

const URL_BASE = "https://tickets.example.com"
const paid = (locale?: string | null, firstName: string | null = "Dana") => ({
  template: "orderPaid",
  reservationIdentifier: "R123",
  eTicketPath: "/edocument/abcDEF",
  firstName,
  ...(locale === undefined ? {} : { locale }),
})
const render = (channel: "sms" | "email", payload: unknown) =>
  renderOutboxMessage(channel, "someone", payload, URL_BASE)
const ok = (result: ReturnType<typeof render>) => {
  if (Result.isFailure(result)) throw new Error(result.failure)
  return result.success
}

describe("outbox message templates", () => {
  it("sends a login code by SMS in the asker's language, and never by e-mail", () => {
    const code = (locale: string) => ({ template: "loginCode", code: "042917", locale })
    expect(ok(render("sms", code("en"))).body).toBe(
      "Your Marquee sign-in code is 042917. It is valid for 5 minutes. Never share it with anyone.",
    )
    expect(ok(render("sms", code("he"))).body).toContain("042917")
    expect(Result.isFailure(render("email", code("en")))).toBe(true)
  })

  it("sends a sign-in link by SMS or by e-mail, as an absolute link in the asker's language", () => {
    const link = (locale: string) => ({ template: "signInLink", path: "/customer/tok_en-1", locale })
    expect(ok(render("sms", link("en"))).body).toContain("https://tickets.example.com/customer/tok_en-1")
    const mail = ok(render("email", link("en")))
    expect(mail.subject).toBe("Your Marquee sign-in link")
    expect(mail.body).toContain("open this link: https://tickets.example.com/customer/tok_en-1")
    const hebrew = ok(render("email", link("he")))
    expect(hebrew.subject).toBe("קישור הכניסה שלך למרקי")
    expect(hebrew.body).toContain("https://tickets.example.com/customer/tok_en-1")
  })

  it("sends a contact verification code by SMS or by e-mail in the asker's language", () => {
    const code = (locale: string) => ({ template: "contactCode", code: "305118", locale })
    expect(ok(render("sms", code("en"))).body).toBe(
      "Your Marquee verification code is 305118. It is valid for 5 minutes. Never share it with anyone.",
    )
    const email = ok(render("email", code("he")))
    expect(email.subject).toBe("קוד האימות שלך במרקי")
    expect(email.body).toContain("305118")
    expect(ok(render("sms", code("ru"))).body).toContain("Ваш код подтверждения Marquee: 305118")
  })

  it("renders the paid-order SMS and e-mail in the row's language with an absolute e-ticket link", () => {
    expect(ok(render("sms", paid("en")))).toEqual({
      channel: "sms",
      recipient: "someone",
      subject: null,
      body: "Order R123 is confirmed. Your tickets: https://tickets.example.com/edocument/abcDEF",
    })
    const email = ok(render("email", paid("ru")))
    expect(email.subject).toBe("Ваши билеты: заказ R123")
    expect(email.body).toMatch(/^Здравствуйте, Dana!\n\n/)
    expect(email.body).toContain("https://tickets.example.com/edocument/abcDEF")
    expect(ok(render("sms", paid("he"))).body).toBe(
      "הזמנה R123 אושרה. הכרטיסים שלך: https://tickets.example.com/edocument/abcDEF",
    )
  })

  it("defaults to Hebrew when the language is missing or unknown, and greets without a name", () => {
    expect(ok(render("sms", paid())).body).toContain("אושרה")
    expect(ok(render("sms", paid("xx"))).body).toContain("אושרה")
    expect(ok(render("email", paid("en", null))).body).toMatch(/^Hello,\n\n/)
    expect(ok(render("email", paid("en", "  "))).body).toMatch(/^Hello,\n\n/)
  })

  it("renders the other translated locales too (Polish)", () => {
    expect(ok(render("sms", paid("pl"))).body).toBe(
      "Zamówienie R123 zostało potwierdzone. Twoje bilety: https://tickets.example.com/edocument/abcDEF",
    )
  })

  it("explains a refund with the reason's text, and a generic one for other reasons", () => {
    const refund = (reason: string) => ({
      template: "paymentRefunded",
      reservationIdentifier: "R9",
      reason,
      firstName: "Dana",
      locale: "en",
    })
    expect(ok(render("sms", refund("seatHoldLost"))).body).toBe(
      "Order R9 was not completed: the seats were no longer available. The amount charged has been refunded.",
    )
    expect(ok(render("email", refund("declined"))).body).toContain("the order could not be completed.")
  })

  it("sends tickets to another number in the order's language", () => {
    const body = ok(
      render("sms", {
        template: "sendTickets",
        reservationIdentifier: "R5",
        eTicketPath: "/edocument/k",
        locale: "ru",
      }),
    ).body
    expect(body).toBe("Ваши билеты по заказу R5: https://tickets.example.com/edocument/k")
  })

  it("refuses an unknown template or a malformed payload", () => {
    expect(Result.isFailure(render("sms", { template: "birthday", reservationIdentifier: "R1" }))).toBe(true)
    expect(Result.isFailure(render("sms", { template: "orderPaid" }))).toBe(true)
    expect(Result.isFailure(render("sms", null))).toBe(true)
  })
})
