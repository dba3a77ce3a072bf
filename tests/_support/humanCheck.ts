import { request as httpRequest } from "node:http"
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

/**
 * A new cart made from another client address: the request leaves from `localAddress` (any 127.x.y.z reaches the
 * test server on Linux's loopback), so the server sees another client.
 */
export const newCartFrom = async (baseUrl: string, localAddress: string): Promise<string> => {
  const body = JSON.stringify({ recaptchaToken: await solveHumanCheck(baseUrl) })
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}/api/cart/token`,
      { method: "POST", localAddress, headers: { "content-type": "application/json" } },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        )
        response.on("error", reject)
      },
    )
    request.on("error", reject)
    request.end(body)
  })
  if (status !== 200) throw new Error(`cart token from ${localAddress}: ${status} ${text}`)
  return (JSON.parse(text) as { token: string }).token
}
