/// <reference lib="webworker" />
import { solveChallenge } from "altcha-lib/v1"
import type { HumanCheckChallenge } from "../src/api/HumanCheckApi.ts"

/**
 * Solves a human-check challenge off the main thread (src/app/lib/humanCheck.ts starts it, one per solve).
 * In: `{ challenge }` as `GET /api/human-check/challenge` sent it. Out: `{ token }`, the base64 altcha payload
 * the server's `verifySolution` accepts, to be sent as `recaptchaToken`; or `{ error }` when no number up to
 * `maxnumber` solves it (a challenge that was tampered with or garbled).
 */
export type HumanCheckWorkerRequest = { readonly challenge: HumanCheckChallenge }
export type HumanCheckWorkerResponse = { readonly token: string } | { readonly error: string }

declare const self: DedicatedWorkerGlobalScope

self.addEventListener("message", (event: MessageEvent<HumanCheckWorkerRequest>) => {
  const { challenge } = event.data
  const { promise } = solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  )
  promise.then(
    (solution) => {
      const response: HumanCheckWorkerResponse =
        solution === null
          ? { error: "unsolvable" }
          : {
              token: btoa(
                JSON.stringify({
                  algorithm: challenge.algorithm,
                  challenge: challenge.challenge,
                  number: solution.number,
                  salt: challenge.salt,
                  signature: challenge.signature,
                  took: solution.took,
                }),
              ),
            }
      self.postMessage(response)
    },
    (error: unknown) => self.postMessage({ error: String(error) } satisfies HumanCheckWorkerResponse),
  )
})
