import { allowedInstalments } from "../../../domain/pricing/instalments.ts"
import { walletsAccepted } from "./cards.ts"
import type { SandboxCardToken, SandboxKind, SandboxPayment } from "./SandboxLedger.ts"

/**
 * The sandbox providers' own hosted pages. They stand in for the acquirer's, PayPal's and the bank's pages, so
 * they are not our product's UI (no locales/, English with Hebrew labels where cheap) and they are the only
 * place in the whole system where a card number is typed.
 */

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const shekels = (agorot: number): string => `₪${(agorot / 100).toFixed(2)}`

const BRAND: Record<SandboxKind, string> = {
  card: "Sandbox Card Acquirer",
  paypal: "Sandbox PayPal",
  blik: "Sandbox BLIK",
  redirect: "Sandbox Bank Redirect",
}

/** Pages with Hebrew labels follow a right-to-left language; the English-only ones stay left to right. */
const page = (
  kind: SandboxKind,
  provider: string,
  title: string,
  body: string,
  lang: string,
  bilingual = false,
): string => {
  const rtl = bilingual && (lang === "he" || lang === "ar")
  return `<!doctype html>
<html lang="${rtl ? escapeHtml(lang) : "en"}" dir="${rtl ? "rtl" : "ltr"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${BRAND[kind]}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #eef1f5; margin: 0; color: #1c2430; }
  main { max-width: 26rem; margin: 1.5rem auto; background: #fff; border-radius: 12px; padding: 1.25rem 1.5rem;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  header { font-size: .8rem; color: #5b6676; display: flex; justify-content: space-between; gap: 1rem; }
  h1 { font-size: 1.25rem; margin: .75rem 0; }
  .amount { font-size: 1.6rem; font-weight: 700; margin: .25rem 0 1rem; }
  label { display: block; font-size: .85rem; margin-top: .75rem; }
  input, select { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .55rem; border: 1px solid #b8c0cc;
    border-radius: 8px; margin-top: .25rem; }
  .row { display: flex; gap: .75rem; } .row > div { flex: 1; }
  button { width: 100%; font-size: 1.05rem; padding: .75rem; border: 0; border-radius: 8px; margin-top: 1rem;
    background: #1d5bd8; color: #fff; cursor: pointer; }
  button.secondary { background: #e3e7ee; color: #1c2430; }
  button.danger { background: #b3261e; }
  button.wallet { background: #000; font-weight: 600; }
  .error { background: #fde8e7; color: #8c1d18; padding: .6rem .75rem; border-radius: 8px; margin: .5rem 0; }
  .note { font-size: .8rem; color: #5b6676; margin-top: 1rem; }
  code { background: #f1f3f7; padding: 0 .25rem; border-radius: 4px; }
</style></head>
<body><main>
<header><span>${BRAND[kind]} · ${escapeHtml(provider)}</span><span>SANDBOX · ארגז חול</span></header>
${body}
</main></body></html>`
}

const errorBox = (error: string | undefined) =>
  error === undefined ? "" : `<p class="error" role="alert">${escapeHtml(error)}</p>`

/** Where the page's forms post: the payment's own path, keeping the page's language. */
const postPath = (payment: SandboxPayment, lang: string) =>
  `/sandbox/${escapeHtml(payment.provider)}/${escapeHtml(payment.reference)}?lang=${escapeHtml(lang)}`

const actionForm = (payment: SandboxPayment, lang: string, action: string, label: string, style = "") =>
  `<form method="post" action="${postPath(payment, lang)}">
<input type="hidden" name="action" value="${escapeHtml(action)}">
<button type="submit" class="${style}">${escapeHtml(label)}</button></form>`

/**
 * The counts the shop offered for this amount (domain/pricing/instalments.ts): the same rule that set the
 * payment's `maxInstalments` and that the commit checked, so the buyer is never offered a count the shop refuses.
 */
const instalmentOptions = (payment: SandboxPayment): string =>
  allowedInstalments(payment.amount)
    .map((n) => `<option value="${n}"${n === 1 ? " selected" : ""}>${n}</option>`)
    .join("")

export const cardPage = (payment: SandboxPayment, lang: string, error?: string): string => {
  const options = instalmentOptions(payment)
  return page(
    "card",
    payment.provider,
    "Card payment",
    `<h1>Card payment · תשלום בכרטיס אשראי</h1>
<p class="amount">${shekels(payment.amount)}</p>
${errorBox(error)}
${walletSection(payment, lang)}
<form method="post" action="${postPath(payment, lang)}" autocomplete="on">
<input type="hidden" name="action" value="pay">
<label>Card number · מספר כרטיס<input name="cardNumber" dir="ltr" inputmode="numeric" autocomplete="cc-number" required></label>
<div class="row">
<div><label>Expiry (MM/YY) · תוקף<input name="expiry" dir="ltr" placeholder="MM/YY" autocomplete="cc-exp" required></label></div>
<div><label>CVV<input name="cvv" dir="ltr" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></label></div>
</div>
<label>Card holder ID · ת"ז בעל הכרטיס<input name="holderId" dir="ltr" inputmode="numeric"></label>
<label>Instalments · תשלומים<select name="instalments">${options}</select></label>
<button type="submit">Pay ${shekels(payment.amount)} · לתשלום</button>
</form>
${actionForm(payment, lang, "cancel", "Cancel and return · ביטול", "secondary")}
<p class="note">Test cards: <code>4580 0000 0000 0000</code> approves, <code>4000 0000 0000 0002</code> declines,
<code>4000 0000 0000 3220</code> asks for 3-D Secure. Any future expiry, any 3-digit CVV.</p>`,
    lang,
    true,
  )
}

/**
 * The card page for a card the provider kept for this merchant's customer: the card is named by its brand,
 * last four digits and expiry; the buyer proves they hold it with the CVV. No card-number field at all.
 */
export const savedCardPage = (
  payment: SandboxPayment,
  card: SandboxCardToken,
  lang: string,
  error?: string,
): string => {
  const options = instalmentOptions(payment)
  const expiry = `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}`
  return page(
    "card",
    payment.provider,
    "Card payment",
    `<h1>Card payment · תשלום בכרטיס אשראי</h1>
<p class="amount">${shekels(payment.amount)}</p>
${errorBox(error)}
<form method="post" action="${postPath(payment, lang)}" autocomplete="off">
<input type="hidden" name="action" value="pay-saved">
<p class="saved-card" dir="ltr"><strong>${escapeHtml(card.brand.toUpperCase())}</strong> •••• ${escapeHtml(card.last4)} · ${expiry}</p>
<label>CVV<input name="cvv" dir="ltr" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></label>
<label>Instalments · תשלומים<select name="instalments">${options}</select></label>
<button type="submit">Pay ${shekels(payment.amount)} · לתשלום</button>
</form>
${actionForm(payment, lang, "cancel", "Cancel and return · ביטול", "secondary")}`,
    lang,
    true,
  )
}

/** The Payment Request method data of each wallet the card page offers (the sandbox's test merchant). */
const walletMethods = {
  apple: {
    supportedMethods: "https://apple.com/apple-pay",
    data: {
      version: 3,
      merchantIdentifier: "merchant.sandbox.marquee",
      merchantCapabilities: ["supports3DS"],
      supportedNetworks: ["visa", "masterCard"],
      countryCode: "IL",
    },
  },
  google: {
    supportedMethods: "https://google.com/pay",
    data: {
      environment: "TEST",
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        {
          type: "CARD",
          parameters: {
            allowedAuthMethods: ["CRYPTOGRAM_3DS", "PAN_ONLY"],
            allowedCardNetworks: ["VISA", "MASTERCARD"],
          },
          tokenizationSpecification: {
            type: "PAYMENT_GATEWAY",
            parameters: { gateway: "example", gatewayMerchantId: "marquee-sandbox" },
          },
        },
      ],
    },
  },
} as const

/**
 * Apple Pay and Google Pay through the Payment Request API, where the browser has it: the buttons start hidden
 * and a wallet's button shows only when its `canMakePayment()` says yes, so without one (headless Chromium) the
 * card form is the only way. A click shows the wallet's sheet, posts its response details as `walletToken` with
 * `action=wallet`, and follows the provider's redirect like the card form. The total is for display only.
 */
const walletSection = (payment: SandboxPayment, lang: string): string => {
  if (!walletsAccepted(payment.provider, payment.allowedBins)) return ""
  const total = { label: "Marquee", amount: { currency: "ILS", value: (payment.amount / 100).toFixed(2) } }
  // inside a <script>: "<" escaped so no value can close the element
  const data = JSON.stringify({ methods: walletMethods, details: { total } }).replace(/</g, "\\u003c")
  return `<form id="wallets" method="post" action="${postPath(payment, lang)}" hidden>
<input type="hidden" name="action" value="wallet">
<input type="hidden" name="wallet" value="">
<input type="hidden" name="walletToken" value="">
<button type="button" class="wallet" data-wallet="apple" hidden>Apple Pay</button>
<button type="button" class="wallet" data-wallet="google" hidden>Google Pay</button>
<p class="note">Or pay by card below · או בכרטיס אשראי. Real Apple Pay also needs merchant validation with Apple,
which a sandbox cannot do.</p>
</form>
<script>
(() => {
  const form = document.getElementById("wallets")
  if (form === null) return
  const { methods, details } = ${data}
  const probes = []
  const buttons = typeof window.PaymentRequest === "function" ? form.querySelectorAll("button[data-wallet]") : []
  for (const button of buttons) {
    const wallet = button.dataset.wallet
    let probe
    try {
      probe = new PaymentRequest([methods[wallet]], details)
    } catch {
      continue
    }
    probes.push(Promise.resolve(probe.canMakePayment()).then((can) => {
      if (can !== true) return
      button.hidden = false
      form.hidden = false
    }, () => {}))
    button.addEventListener("click", async () => {
      button.disabled = true
      let response
      try {
        response = await new PaymentRequest([methods[wallet]], details).show()
      } catch {
        button.disabled = false
        return
      }
      form.elements.wallet.value = wallet
      form.elements.walletToken.value = JSON.stringify(response.details)
      try {
        const answer = await fetch(form.getAttribute("action"), {
          method: "POST",
          body: new URLSearchParams(new FormData(form)),
        })
        await response.complete(answer.ok ? "success" : "fail")
        if (answer.redirected) return location.assign(answer.url)
        const page = await answer.text()
        document.open()
        document.write(page)
        document.close()
      } catch {
        await response.complete("fail").catch(() => {})
        button.disabled = false
      }
    })
  }
  // for tests and the curious: every wallet has answered whether it can pay
  Promise.all(probes).then(() => form.setAttribute("data-probed", ""))
})()
</script>`
}

export const threeDSecurePage = (payment: SandboxPayment, lang: string): string =>
  page(
    "card",
    payment.provider,
    "3-D Secure",
    lang === "he"
      ? `<h1>אימות מאובטח (<bdi>3-D Secure</bdi>)</h1>
<p>הבנק מבקש לאשר תשלום של <strong><bdi>${shekels(payment.amount)}</bdi></strong>.</p>
${actionForm(payment, lang, "3ds-approve", "אישור")}
${actionForm(payment, lang, "3ds-fail", "האימות נכשל", "danger")}
${actionForm(payment, lang, "3ds-abandon", "חזרה בלי לאשר", "secondary")}`
      : `<h1>3-D Secure verification</h1>
<p>Your bank asks you to confirm this payment of <strong>${shekels(payment.amount)}</strong>.</p>
${actionForm(payment, lang, "3ds-approve", "Approve")}
${actionForm(payment, lang, "3ds-fail", "Fail verification", "danger")}
${actionForm(payment, lang, "3ds-abandon", "Abandon and return", "secondary")}`,
    lang,
    true,
  )

export const blikCodePage = (payment: SandboxPayment, lang: string, error?: string): string =>
  page(
    "blik",
    payment.provider,
    "BLIK",
    `<h1>BLIK code</h1>
<p class="amount">${shekels(payment.amount)}</p>
${errorBox(error)}
<p class="note">Your banking app shows the code <code data-testid="blik-code">${escapeHtml(payment.code ?? "")}</code>
(valid for 120 seconds).</p>
<form method="post" action="${postPath(payment, lang)}">
<input type="hidden" name="action" value="blik-code">
<label>6-digit code<input name="code" inputmode="numeric" maxlength="6" pattern="[0-9]{6}" required></label>
<button type="submit">Continue</button></form>
${actionForm(payment, lang, "cancel", "Cancel and return", "secondary")}`,
    lang,
  )

export const blikWaitingPage = (payment: SandboxPayment, lang: string): string =>
  page(
    "blik",
    payment.provider,
    "Confirm in your bank app",
    `<h1>Confirm in your bank app</h1>
<p>Open your banking app and confirm ${shekels(payment.amount)} within 60 seconds.</p>
<p><a href="/sandbox/${escapeHtml(payment.provider)}/${escapeHtml(payment.reference)}/bank-app">Open the sandbox bank app</a></p>`,
    lang,
  )

export const bankAppPage = (payment: SandboxPayment, lang: string): string =>
  page(
    "blik",
    payment.provider,
    "Bank app",
    `<h1>Sandbox bank app</h1>
<p>Confirm the BLIK payment of <strong>${shekels(payment.amount)}</strong>?</p>
${actionForm(payment, lang, "bank-confirm", "Confirm")}
${actionForm(payment, lang, "bank-reject", "Reject", "danger")}`,
    lang,
  )

export const paypalPage = (payment: SandboxPayment, lang: string): string =>
  page(
    "paypal",
    payment.provider,
    "PayPal",
    `<h1>Pay with PayPal</h1>
<p class="amount">${shekels(payment.amount)}</p>
<p>Signed in as <strong>buyer@sandbox.example</strong>.</p>
${actionForm(payment, lang, "paypal-approve", "Approve payment")}
${actionForm(payment, lang, "cancel", "Cancel and return", "secondary")}`,
    lang,
  )

export const redirectPage = (payment: SandboxPayment, lang: string, error?: string): string =>
  page(
    "redirect",
    payment.provider,
    "Bank",
    payment.code === null
      ? `<h1>Pay by bank transfer</h1>
<p class="amount">${shekels(payment.amount)}</p>
${actionForm(payment, lang, "redirect-start", "Continue to your bank")}
${actionForm(payment, lang, "cancel", "Cancel and return", "secondary")}`
      : `<h1>Extra verification</h1>
${errorBox(error)}
<p class="note">Enter the one-time code your bank sent: <code data-testid="otp">${escapeHtml(payment.code)}</code></p>
<form method="post" action="${postPath(payment, lang)}">
<input type="hidden" name="action" value="redirect-verify">
<label>One-time code<input name="code" inputmode="numeric" required></label>
<button type="submit">Verify</button></form>
${actionForm(payment, lang, "cancel", "Cancel and return", "secondary")}`,
    lang,
  )

export const finishedPage = (payment: SandboxPayment, lang: string): string =>
  page(
    "card",
    payment.provider,
    "Payment finished",
    `<h1>This payment is ${escapeHtml(payment.state)}</h1>
<p><a href="${escapeHtml(payment.returnUrl)}">Return to the merchant</a></p>`,
    lang,
  )

export const notFoundPage = (): string =>
  page("card", "sandbox", "Not found", "<h1>No such payment</h1>", "en")
