import type { HumanCheckChallenge } from "../../api/HumanCheckApi.ts"
import { apiGet } from "./api.ts"

/** What workers/humanCheck.ts posts back (restated here: that file is typed for a worker, not the page). */
type WorkerResponse = { readonly token: string } | { readonly error: string }

export class HumanCheckUnsolved extends Error {
  constructor(reason: string) {
    super(`human check not solved: ${reason}`)
    this.name = "HumanCheckUnsolved"
  }
}

class WorkerFailed extends Error {}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException("The operation was aborted.", "AbortError")

/** The altcha v1 payload the server verifies, base64 — the same encoding the worker uses. */
const encodeToken = (challenge: HumanCheckChallenge, solution: { number: number; took: number }): string =>
  btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: solution.took,
    }),
  )

/** Where there is no Worker (or it cannot start): solve on the main thread, loading altcha only then. */
const solveOnMainThread = async (challenge: HumanCheckChallenge, signal?: AbortSignal): Promise<string> => {
  const { solveChallenge } = await import("altcha-lib/v1")
  signal?.throwIfAborted()
  const { promise, controller } = solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  )
  const onAbort = () => controller.abort()
  signal?.addEventListener("abort", onAbort, { once: true })
  try {
    const solution = await promise
    signal?.throwIfAborted()
    if (solution === null) throw new HumanCheckUnsolved("unsolvable")
    return encodeToken(challenge, solution)
  } finally {
    signal?.removeEventListener("abort", onAbort)
  }
}

const startWorker = (): Worker | undefined => {
  if (typeof Worker === "undefined") return undefined
  try {
    return new Worker(new URL("../../../workers/humanCheck.ts", import.meta.url), { type: "module" })
  } catch {
    return undefined
  }
}

const solveInWorker = async (
  worker: Worker,
  challenge: HumanCheckChallenge,
  signal?: AbortSignal,
): Promise<string> => {
  let onAbort = () => {}
  try {
    return await new Promise<string>((resolve, reject) => {
      if (signal !== undefined) {
        onAbort = () => reject(abortReason(signal))
        signal.addEventListener("abort", onAbort, { once: true })
      }
      worker.addEventListener("message", (event: MessageEvent<WorkerResponse>) => {
        const data = event.data
        if ("token" in data) resolve(data.token)
        else reject(new HumanCheckUnsolved(data.error))
      })
      // A worker that cannot load or run (old browser, blocked script) is no reason to give up: see below.
      worker.addEventListener("error", (event) => {
        event.preventDefault()
        reject(new WorkerFailed(event.message || "worker error"))
      })
      worker.addEventListener("messageerror", () => reject(new WorkerFailed("worker message error")))
      worker.postMessage({ challenge })
    })
  } finally {
    signal?.removeEventListener("abort", onAbort)
    worker.terminate()
  }
}

/**
 * Proves to the server that a browser did some work: fetches a fresh challenge, solves it in a web worker
 * (typically well under a second) and resolves with the token to send as `recaptchaToken`. Each token is good
 * for one call within 10 minutes; get a new one for every call that needs it, and after a `RECAPTCHA_REQUIRED`.
 * Without a working `Worker` it solves on the main thread instead (altcha is then loaded on demand).
 * Rejects with the signal's reason when aborted, `ApiError` when the challenge cannot be fetched.
 */
export const solveHumanCheck = async (signal?: AbortSignal): Promise<string> => {
  const challenge = await apiGet<HumanCheckChallenge>("/human-check/challenge", undefined, signal)
  signal?.throwIfAborted()
  const worker = startWorker()
  if (worker === undefined) return solveOnMainThread(challenge, signal)
  try {
    return await solveInWorker(worker, challenge, signal)
  } catch (error) {
    if (error instanceof WorkerFailed) return solveOnMainThread(challenge, signal)
    throw error
  }
}
