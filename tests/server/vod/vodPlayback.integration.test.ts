import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { VOD_PLAYBACK_LIMIT } from "../../../src/domain/vod/access.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { boughtVod, openWindow, play, signedInBuyer, vodOffer } from "./_vod.ts"

/**
 * Playing a bought title (issue 16) on both databases: only its owner starts a playback, within the window and
 * while plays are left; each is counted once; the film is served with range requests.
 */
const databases = bothDatabases("vodplayback")
const FILM = readFileSync(new URL("../../../src/server/vod/sample.webm", import.meta.url))

interface Started {
  readonly videoUrl: string
  readonly playbackCount: number
  readonly playbackBalance: number | null
}

describe.each(databases)("video-on-demand playback on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("counts each playback, serves the film in ranges, and stops at the limit", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { buyer, purchaseId } = await boughtVod(live(), await vodOffer(live()))
    await openWindow(live(), purchaseId)
    const first = await play(live(), buyer.uuid, purchaseId)
    expect(first.status).toBe(200)
    const started = (await first.json()) as Started
    expect(started).toMatchObject({ playbackCount: 1, playbackBalance: VOD_PLAYBACK_LIMIT - 1 })
    const url = `${live().baseUrl}${started.videoUrl}`

    const whole = await fetch(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get("accept-ranges")).toBe("bytes")
    expect(whole.headers.get("content-type")).toBe("video/webm")
    expect(Buffer.from(await whole.arrayBuffer()).equals(FILM)).toBe(true)

    const part = await fetch(url, { headers: { range: "bytes=100-199" } })
    expect(part.status).toBe(206)
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${FILM.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(FILM.subarray(100, 200))).toBe(true)
    const open = await fetch(url, { headers: { range: "bytes=1000-" } })
    expect(open.status).toBe(206)
    expect(open.headers.get("content-range")).toBe(`bytes 1000-${FILM.length - 1}/${FILM.length}`)
    const suffix = await fetch(url, { headers: { range: "bytes=-10" } })
    expect(Buffer.from(await suffix.arrayBuffer()).equals(FILM.subarray(FILM.length - 10))).toBe(true)
    const beyond = await fetch(url, { headers: { range: `bytes=${FILM.length}-` } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get("content-range")).toBe(`bytes */${FILM.length}`)
    await beyond.arrayBuffer()

    // reading the film again and again is one playback; pressing play again is another
    const [counted] = await live().query<{ count: number; last: boolean }>(
      `SELECT playback_count AS count, last_playback_at IS NOT NULL AS last FROM vod_purchases WHERE id = $1`,
      [purchaseId],
    )
    expect(counted).toEqual({ count: 1, last: true })
    for (let n = 2; n <= VOD_PLAYBACK_LIMIT; n += 1)
      expect((await play(live(), buyer.uuid, purchaseId)).status).toBe(200)
    const spent = await play(live(), buyer.uuid, purchaseId)
    expect(spent.status).toBe(403)
    expect(await spent.json()).toMatchObject({ error: "vodNoPlaybacksLeft" })
    const [after] = await live().query<{ count: number }>(
      `SELECT playback_count AS count FROM vod_purchases WHERE id = $1`,
      [purchaseId],
    )
    expect(after?.count).toBe(VOD_PLAYBACK_LIMIT)
  })

  it("refuses another customer, a guest, and a playback outside the window; a lapsed film is gone", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { buyer, purchaseId } = await boughtVod(live(), await vodOffer(live(), 1))
    // before the presentation starts the title is not yet available
    const early = await play(live(), buyer.uuid, purchaseId)
    expect(early.status).toBe(403)
    expect(await early.json()).toMatchObject({ error: "vodNotYetAvailable" })

    await openWindow(live(), purchaseId)
    const other = await signedInBuyer(live())
    const stranger = await play(live(), other.uuid, purchaseId)
    expect(stranger.status).toBe(404)
    expect(await stranger.json()).toMatchObject({ error: "VOD_NOT_FOUND" })
    const guest = await fetch(`${live().baseUrl}/api/vod/${purchaseId}/playback`, { method: "POST" })
    expect(guest.status).toBe(401)
    expect((await fetch(`${live().baseUrl}/api/vod/stream/not-a-token-of-ours-at-all`)).status).toBe(404)

    const started = (await (await play(live(), buyer.uuid, purchaseId)).json()) as Started
    expect(
      (await fetch(`${live().baseUrl}${started.videoUrl}`, { headers: { range: "bytes=0-9" } })).status,
    ).toBe(206)
    // the window closes: no new playback, and the one started no longer reads
    await live().query(
      `UPDATE vod_purchases SET available_from = marquee_now() - interval '49 hours',
         available_until = marquee_now() - interval '1 hour' WHERE id = $1`,
      [purchaseId],
    )
    const late = await play(live(), buyer.uuid, purchaseId)
    expect(late.status).toBe(403)
    expect(await late.json()).toMatchObject({ error: "vodExpired" })
    expect((await fetch(`${live().baseUrl}${started.videoUrl}`)).status).toBe(410)
    const [row] = await live().query<{ count: number }>(
      `SELECT playback_count AS count FROM vod_purchases WHERE id = $1`,
      [purchaseId],
    )
    expect(row?.count).toBe(1)
  })

  it("racing playbacks of the last plays left: each counted once, never past the limit", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { buyer, purchaseId } = await boughtVod(live(), await vodOffer(live()))
    await openWindow(live(), purchaseId)
    await live().query(`UPDATE vod_purchases SET playback_count = playback_limit - 2 WHERE id = $1`, [
      purchaseId,
    ])
    const answers = await Promise.all(Array.from({ length: 6 }, () => play(live(), buyer.uuid, purchaseId)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 403, 403, 403, 403])
    const [row] = await live().query<{ count: number }>(
      `SELECT playback_count - playback_limit AS count FROM vod_purchases WHERE id = $1`,
      [purchaseId],
    )
    expect(row?.count).toBe(0)
  })
})
