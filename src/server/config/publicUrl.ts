import { Config, Option } from "effect"

/**
 * Where buyers open the site: the links in SMS and e-mail messages start with it. `PUBLIC_URL` when set (a
 * deployment behind a proxy or a domain); otherwise this server on localhost at the port it listens on
 * (`PORT`, default 3000), so a demo on another port still sends links that open. An invalid `PUBLIC_URL` is an
 * error, never silently replaced.
 */
export const publicUrlConfig: Config.Config<URL> = Config.all({
  explicit: Config.option(Config.URL("PUBLIC_URL")),
  port: Config.Port("PORT").pipe(Config.withDefault(3000)),
}).pipe(
  Config.map(({ explicit, port }) => Option.getOrElse(explicit, () => new URL(`http://localhost:${port}`))),
)
