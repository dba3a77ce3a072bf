import { Context, type Effect } from "effect"
import type { HumanCheckChallenge, HumanCheckFailed } from "../../../api/HumanCheckApi.ts"

/**
 * The "is this a person" gate in front of seat locks and other abusable calls (the spec's reCAPTCHA).
 *
 * - `challenge`: a fresh puzzle for the browser to solve.
 * - `verify(token, client)`: succeeds once per solved challenge. `token` is the request's `recaptchaToken`;
 *   `client` is an opaque key for the caller (the remote address) used to tell repeated failures apart.
 */
export class HumanCheck extends Context.Service<
  HumanCheck,
  {
    readonly challenge: Effect.Effect<HumanCheckChallenge>
    readonly verify: (token: string | undefined, client: string) => Effect.Effect<void, HumanCheckFailed>
  }
>()("marquee/providers/HumanCheck") {}
