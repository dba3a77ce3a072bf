import { Config } from "effect"

/**
 * Journeys only (`E2E_DEPLOYS=true`, set by playwright.config.ts, never by `npm start`): a browser carrying the
 * cookie {@link DEPLOY_COOKIE} is served another version of the service worker, the built `/sw.js` with a line
 * naming that deploy appended, so one journey can see "a deploy during checkout" (issue 17) while the journeys
 * beside it on the same server keep the build they loaded. Playwright's `route` cannot stand in: Chromium's update
 * check for a worker script is not routed. A cookie, because the browser sends the origin's cookies with that check.
 */
export const JourneyDeploys = Config.Boolean("E2E_DEPLOYS").pipe(Config.withDefault(false))

export const DEPLOY_COOKIE = "marquee-e2e-deploy"

/** The worker script of the deploy the cookie names, or undefined when it names none (or anything odd). */
export const deployedWorker = (
  cookies: Readonly<Record<string, string>>,
  built: string,
): string | undefined => {
  const deploy = cookies[DEPLOY_COOKIE]
  return deploy !== undefined && /^[a-z0-9-]{1,40}$/.test(deploy)
    ? `${built}\n// deploy ${deploy}\n`
    : undefined
}
