import { readFile } from "node:fs/promises"
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { rangeOf } from "./byteRange.ts"
import { playbackOpen } from "./VodRepo.ts"

/**
 * `GET /api/vod/stream/{token}`: the film of a playback the owner started (`POST /api/vod/{id}/playback`), with
 * HTTP range requests so the video element can seek and resume: 206 with `Content-Range` for a range, 416 with
 * `Content-Range: bytes *\/size` for one past the end, `Accept-Ranges: bytes` always. A plain route outside the
 * contract because its answer is bytes, not JSON. An unknown token is 404, a lapsed one (its hours are over or
 * the purchase's window closed) 410; nothing is cached anywhere (`no-store`).
 *
 * Every title of the demo chain plays the same small film shipped with the seed (sample.webm: VP8 in WebM,
 * recorded by scripts/generate-sample-video.ts).
 */
const FILM = new URL("./sample.webm", import.meta.url)
const CONTENT_TYPE = "video/webm"

let film: Promise<Uint8Array> | undefined
const filmBytes = () => {
  film ??= readFile(FILM).then((buffer) => new Uint8Array(buffer))
  return film
}

const refused = (status: number, error: string) =>
  HttpServerResponse.jsonUnsafe({ error }, { status, headers: { "cache-control": "no-store" } })

export const VodStreamRoute = HttpRouter.add("GET", "/api/vod/stream/:token", (request) =>
  Effect.gen(function* () {
    const params = yield* HttpRouter.params
    const token = params.token ?? ""
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return refused(404, "VOD_NOT_FOUND")
    const sql = yield* SqlClient.SqlClient
    const state = yield* playbackOpen(token).pipe(
      Effect.provideService(SqlClient.SqlClient, sql),
      Effect.orDie,
    )
    if (state === "unknown") return refused(404, "VOD_NOT_FOUND")
    if (state === "lapsed") return refused(410, "vodPlaybackLapsed")
    const bytes = yield* Effect.promise(filmBytes)
    const size = bytes.length
    const headers = { "accept-ranges": "bytes", "cache-control": "no-store" }
    const range = rangeOf(request.headers.range, size)
    switch (range._tag) {
      case "whole":
        return HttpServerResponse.uint8Array(bytes, { status: 200, contentType: CONTENT_TYPE, headers })
      case "unsatisfiable":
        // JSON like every other /api refusal (a bare one would be rewritten without its Content-Range)
        return HttpServerResponse.jsonUnsafe(
          { error: "rangeNotSatisfiable" },
          { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } },
        )
      case "part":
        return HttpServerResponse.uint8Array(bytes.subarray(range.start, range.end + 1), {
          status: 206,
          contentType: CONTENT_TYPE,
          headers: { ...headers, "content-range": `bytes ${range.start}-${range.end}/${size}` },
        })
    }
  }),
)
