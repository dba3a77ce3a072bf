import { solveChallenge } from "altcha-lib/v1"

/**
 * Solves a server's human-check challenge from Node (tools and tests; the browser uses workers/humanCheck.ts)
 * and returns the token the API takes as `recaptchaToken`.
 */
export const solveHumanCheck = async (baseUrl: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/human-check/challenge`)
  if (!response.ok) throw new Error(`human-check challenge: ${response.status}`)
  const challenge = (await response.json()) as {
    algorithm: string
    challenge: string
    maxnumber: number
    salt: string
    signature: string
  }
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  if (solution === null) throw new Error("could not solve the human check")
  const payload = { ...challenge, number: solution.number, took: solution.took }
  return Buffer.from(JSON.stringify(payload)).toString("base64")
}
