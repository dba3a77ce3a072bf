import type { CartLog } from "../cart/cartLog.ts"

/** The support artefact: the shape `npm run replay` reads (src/cli/replay.ts). */
export interface CartLogFile {
  readonly cartId: string
  readonly exportedAt: string
  readonly app: "marquee"
  readonly events: ReadonlyArray<unknown>
}

export const cartLogFileName = (cartId: string): string => `marquee-cart-${cartId}.json`

export const cartLogFile = async (log: CartLog, now: Date): Promise<CartLogFile> => ({
  cartId: log.cartId,
  exportedAt: now.toISOString(),
  app: "marquee",
  events: await log.store.exportLog(),
})

/** Hands the browser a JSON file to save, through a temporary link (no server round trip: it works offline). */
export const saveJson = (fileName: string, data: unknown): void => {
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" }),
  )
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  link.hidden = true
  // Attached while clicked: some browsers ignore a click on a link outside the document.
  document.body.append(link)
  link.click()
  link.remove()
  // Revoking in the same task can cancel the download before the browser has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
