import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { ownPagePolicy } from "../../http/securityHeaders.ts"

/**
 * The sandbox messenger's "phone" and "mailbox": `/sandbox/inbox/{recipient}` lists the last messages the
 * sandbox delivered to a mobile number or an e-mail address, newest first. With no real SMS provider this is how
 * a buyer of the demo (and an end-to-end test) reads a login code or an e-ticket link. A real messenger has no
 * such page: it exists only beside the sandbox adapter.
 */

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

interface Delivered {
  readonly channel: string
  readonly subject: string | null
  readonly body: string
  readonly sentAt: string
}

const inboxPage = (recipient: string, messages: ReadonlyArray<Delivered>): string => `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox inbox · ${escapeHtml(recipient)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;background:#eef1f6;color:#1d2433}
li{list-style:none;background:#fff;border-radius:.75rem;padding:.75rem 1rem;margin:.75rem 0;white-space:pre-wrap;unicode-bidi:plaintext}
small{color:#5b6474}</style></head>
<body><h1>Sandbox inbox</h1><p>Messages the sandbox delivered to <strong dir="ltr">${escapeHtml(recipient)}</strong>, newest first.</p>
<ul data-testid="inbox">${messages
  .map(
    (m) =>
      `<li data-channel="${escapeHtml(m.channel)}"><small>${escapeHtml(m.channel.toUpperCase())} · ${escapeHtml(m.sentAt)}</small>${
        m.subject === null ? "" : `<br><strong>${escapeHtml(m.subject)}</strong>`
      }<br>${escapeHtml(m.body)}</li>`,
  )
  .join(
    "",
  )}</ul>${messages.length === 0 ? "<p>Nothing yet. Messages arrive a few seconds after they are sent.</p>" : ""}
</body></html>`

export const SandboxInboxRoute = HttpRouter.add("GET", "/sandbox/inbox/:recipient", () =>
  Effect.gen(function* () {
    const params = yield* HttpRouter.params
    const recipient = decodeURIComponent(params.recipient ?? "")
    const sql = yield* SqlClient.SqlClient
    const messages = yield* sql<Delivered>`
      SELECT channel, subject, body, to_char(sent_at AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD HH24:MI:SS') AS "sentAt"
      FROM sandbox_messages WHERE recipient = ${recipient} ORDER BY id DESC LIMIT 20`.pipe(Effect.orDie)
    const page = inboxPage(recipient, messages)
    return HttpServerResponse.text(page, {
      contentType: "text/html; charset=utf-8",
      headers: { "cache-control": "no-store", "content-security-policy": ownPagePolicy(page, "'none'") },
    })
  }),
)
