import { solveHumanCheck } from "../../src/cli/humanCheckSolver.ts"

export { solveHumanCheck }

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
