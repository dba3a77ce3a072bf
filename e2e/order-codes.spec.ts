import { DEMO_MEMBER_SSN } from "../src/server/db/seed/codes.ts"
import { expect, onlyOn, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm, shot } from "./order-journeys.ts"
import { journeyPresentation, ownVoucher } from "./presentations.ts"

test("codes on the ticket screen: an unknown one is refused, a coupon reprices the tickets once, then paid", async ({
  page,
  request,
}, testInfo) => {
  onlyOn(testInfo, "desktop")
  const presentation = await journeyPresentation(request, "order-codes/coupon", testInfo)
  test.setTimeout(120_000)
  const steps = await holdBestAndContinue(page, presentation.id, 2, "en")

  await steps.enterCode("NOPE-2026")
  await expect(steps.codeMessage).toHaveText("This code was not found")
  await expect(steps.codeInput).toHaveAttribute("aria-invalid", "true")

  await steps.enterCode("FAMILY4")
  await expect(steps.codeMessage).toHaveText("Add more tickets to use this coupon")
  await steps.enterCode("USEDUP")
  await expect(steps.codeMessage).toHaveText("This coupon has been used up. Please try another coupon")

  await steps.enterCode("cinema10")
  await expect(steps.codeMessage).toHaveText("Code CINEMA10 applied to 2 tickets")
  await expect(steps.codeInput).toHaveAttribute("aria-invalid", "false")
  // 10% off the regular ₪47.00
  await expect
    .poll(() => steps.summaryLines())
    .toEqual([expect.stringContaining("₪42.30"), expect.stringContaining("₪42.30")])
  await expect(page.getByTestId("ticket-discount").first()).toHaveText(
    "Code CINEMA10: ₪42.30 instead of ₪47.00",
  )

  await steps.enterCode("CINEMA10")
  await expect(steps.codeMessage).toHaveText("This code has already been entered")

  // a member-only ticket asks for the member number with the holder's ID number and checks them
  const [first] = await steps.summaryLines()
  const [, row, seat] = /^Row (\S+), seat (\d+)/.exec(first ?? "") ?? []
  await steps.chooseTicket(row ?? "", seat ?? "", "Club member")
  const prompt = page.getByTestId("ticket-prompt")
  await prompt.getByLabel("Member number").fill("90000001")
  await prompt.getByLabel("Member's ID number").fill("500000021")
  await prompt.getByRole("button", { name: "Apply" }).click()
  await expect(page.getByTestId("prompt-problem")).toHaveText("The member number or ID number is incorrect")
  await prompt.getByLabel("Member's ID number").fill(DEMO_MEMBER_SSN)
  await prompt.getByLabel("Member number").fill("90000002")
  await prompt.getByRole("button", { name: "Apply" }).click()
  await expect(page.getByTestId("prompt-problem")).toHaveText("This membership has expired")
  await prompt.getByLabel("Member number").fill("90000001")
  await prompt.getByRole("button", { name: "Apply" }).click()
  await expect(prompt).toHaveCount(0)
  await expect
    .poll(() => steps.summaryLines())
    .toContainEqual(expect.stringContaining("Club member · ₪37.00"))

  // the server prices it again: the coupon on one seat, the member's ticket on the other
  await detailsToPay(page, steps, presentation.id)
  await expect(page.getByTestId("pay-total")).toContainText("₪")
  const confirmation = await payAndConfirm(page, request, presentation.id, 2)
  expect(confirmation.tickets.map((ticket) => ticket.price).sort()).toEqual([3700, 4230])
  await shot(page, "confirmation-en-codes", testInfo.project.name)
})

test("a ticket voucher (TICKET-2) pays for two seats; once paid, its tickets are spent", async ({
  page,
  request,
}, testInfo) => {
  onlyOn(testInfo, "phone")
  test.setTimeout(120_000)
  // each project spends its own copy of TICKET-2 (two tickets), so both run against one database
  const voucher = ownVoucher("TICKET-2", testInfo)
  const presentation = await journeyPresentation(request, "order-codes/ticket-voucher", testInfo)
  const steps = await holdBestAndContinue(page, presentation.id, 2, "en")
  await steps.enterCode(voucher.toLowerCase())
  await expect(steps.codeMessage).toHaveText(`Voucher ${voucher} pays for 2 tickets`)
  await expect
    .poll(() => steps.summaryLines())
    .toEqual([expect.stringContaining("₪0.00"), expect.stringContaining("₪0.00")])

  await detailsToPay(page, steps, presentation.id)
  const confirmation = await payAndConfirm(page, request, presentation.id, 2)
  expect(confirmation.tickets.map((ticket) => ticket.price)).toEqual([0, 0])
  // what is paid is the tickets' service charges (and a booking fee where the cinema has one)
  expect(confirmation.total).toBe(confirmation.serviceCharge)
  const again = await request.get(`/api/presentations/${presentation.id}/ticketCode`, {
    params: { code: voucher },
  })
  expect(((await again.json()) as { msg?: string }).msg).toBe("voucherBalance")
  await shot(page, "confirmation-en-ticket-voucher", testInfo.project.name)
})
