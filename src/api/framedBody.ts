import { CompactPlanError } from "../domain/seating/compactPlan.ts"

/**
 * The frame the API's binary bodies share (compactSeatplan.ts, statusBitmap.ts): four magic bytes naming the
 * kind, the byte length of a small UTF-8 JSON header (uint32, little-endian), the header, then the payload.
 */

const LENGTH_BYTES = 4

export const frameBody = (magic: ReadonlyArray<number>, header: unknown, payload: Uint8Array): Uint8Array => {
  const json = new TextEncoder().encode(JSON.stringify(header))
  const head = magic.length + LENGTH_BYTES
  const body = new Uint8Array(head + json.length + payload.length)
  body.set(magic, 0)
  new DataView(body.buffer).setUint32(magic.length, json.length, true)
  body.set(json, head)
  body.set(payload, head + json.length)
  return body
}

/** The header (parsed, unchecked) and the payload; a body of another kind or cut short throws `CompactPlanError`. */
export const unframeBody = (
  magic: ReadonlyArray<number>,
  body: Uint8Array,
  kind: string,
): { readonly header: unknown; readonly payload: Uint8Array } => {
  const head = magic.length + LENGTH_BYTES
  if (body.length < head || magic.some((byte, i) => body[i] !== byte))
    throw new CompactPlanError(`not a ${kind} body (bad magic)`)
  const length = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(magic.length, true)
  if (head + length > body.length) throw new CompactPlanError(`the ${kind} body is cut short`)
  try {
    const header: unknown = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(body.subarray(head, head + length)),
    )
    return { header, payload: body.subarray(head + length) }
  } catch {
    throw new CompactPlanError(`the ${kind} body's header is not JSON`)
  }
}
