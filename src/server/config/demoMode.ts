import { Config, Effect } from "effect"

/**
 * Demo mode (`MARQUEE_DEMO=true`): the sandbox payment providers with their hosted pages, and the sandbox
 * messenger whose inbox (`/sandbox/inbox/{number}`) shows every SMS and e-mail sent, sign-in codes included.
 * `npm start` and every test turn it on; it is off unless asked for, so a deployment that forgets the setting
 * exposes nothing (issue 14, item 8; docs/security.md).
 *
 * Marquee has no real payment provider or messenger yet, only the sandboxes, so with demo mode off the server
 * refuses to start rather than take real buyers through a pretend payment or show their codes to anyone.
 */
export const DemoModeConfig = Config.Boolean("MARQUEE_DEMO").pipe(Config.withDefault(false))

export const PRODUCTION_REFUSAL =
  "Marquee refuses to start outside demo mode: its only payment providers and messenger are sandboxes, " +
  "which take no real money and show every sign-in code at /sandbox/inbox. Set MARQUEE_DEMO=true to run " +
  "the demo (npm start does)."

/** Fails with {@link PRODUCTION_REFUSAL} unless demo mode is on. */
export const requireDemoMode = Effect.gen(function* () {
  if (!(yield* DemoModeConfig)) return yield* Effect.fail(new Error(PRODUCTION_REFUSAL))
})
