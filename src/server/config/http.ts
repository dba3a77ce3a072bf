import { DateTime, Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { EnabledLocalesConfig, LoyaltyLoginConfig, siteConfig } from "./siteConfig.ts"
import { SiteFlagsConfig } from "./siteFlags.ts"

export const ConfigHttp = HttpApiBuilder.group(
  MarqueeApi,
  "config",
  Effect.fn(function* (handlers) {
    const flags = yield* SiteFlagsConfig
    const loyaltyLogin = yield* LoyaltyLoginConfig
    const enabledLocales = yield* EnabledLocalesConfig
    return handlers.handle("get", () =>
      DateTime.now.pipe(
        Effect.map((now) => siteConfig(DateTime.formatIso(now), flags, loyaltyLogin, enabledLocales)),
      ),
    )
  }),
)
