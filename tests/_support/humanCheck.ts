import { solveChallenge } from "altcha-lib/v1"

/** Solves the server's proof-of-work challenge the way the browser worker does, and returns the token. */
export const solveHumanCheck = async (baseUrl: string): Promise<string> => {
  const challenge = (await (await fetch(`${baseUrl}/api/human-check/challenge`)).json()) as {
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

/** A new cart token, human check included. */
export const newCart = async (baseUrl: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/cart/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ recaptchaToken: await solveHumanCheck(baseUrl) }),
  })
  if (!response.ok) throw new Error(`cart token: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { token: string }).token
}
