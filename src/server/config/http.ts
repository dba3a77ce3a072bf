import { DateTime, Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { siteConfig } from "./siteConfig.ts"

export const ConfigHttp = HttpApiBuilder.group(
  MarqueeApi,
  "config",
  Effect.fn(function* (handlers) {
    return handlers.handle("get", () =>
      DateTime.now.pipe(Effect.map((now) => siteConfig(DateTime.formatIso(now)))),
    )
  }),
)
