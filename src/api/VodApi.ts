import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { CustomerSession, LoginRequired } from "./sessions.ts"
import { LangQuery } from "./shared.ts"

/**
 * Playing a video-on-demand title the signed-in customer bought (issue 16; spec §3 "Video-on-demand item", §8
 * VOD errors). `POST /vod/{purchaseId}/playback` starts one playback: it is counted (`playback_count`,
 * `last_playback_at`) and answers the address of the video, `/api/vod/stream/{token}`, a plain route outside
 * this contract that serves the bytes with HTTP range requests (src/server/vod/streamRoute.ts). A `<video>`
 * element cannot send the `uuid` header, so the token, handed only to the owner, is what opens the video.
 *
 * A purchase of another customer, or none, is `VOD_NOT_FOUND` like a missing one. The rules of the window and the
 * playback limit are src/domain/vod/access.ts's.
 */

export class VodNotFound extends Schema.TaggedError<VodNotFound>()(
  "VodNotFound",
  { error: Schema.Literal("VOD_NOT_FOUND") },
  { httpApiStatus: 404 },
) {}

/** Why no playback starts now; nothing was counted. */
export class VodPlaybackRefused extends Schema.TaggedError<VodPlaybackRefused>()(
  "VodPlaybackRefused",
  { error: Schema.Literals(["vodNotYetAvailable", "vodExpired", "vodNoPlaybacksLeft"]) },
  { httpApiStatus: 403 },
) {}

export const VodPlayback = Schema.Struct({
  /** where the video element reads the film from, until `expiresAt` */
  videoUrl: Schema.String,
  /** ISO 8601 */
  expiresAt: Schema.String,
  featureName: Schema.String,
  playbackCount: Schema.Int,
  /** plays left after this one; null: unlimited within the window */
  playbackBalance: Schema.NullOr(Schema.Int),
})
export type VodPlayback = typeof VodPlayback.Type

export class VodApi extends HttpApiGroup.make("vod").add(
  HttpApiEndpoint.post("startPlayback", "/vod/:purchaseId/playback", {
    params: { purchaseId: WireText },
    query: { lang: LangQuery },
    success: VodPlayback,
    error: [LoginRequired, VodNotFound, VodPlaybackRefused],
  }).middleware(CustomerSession),
) {}
