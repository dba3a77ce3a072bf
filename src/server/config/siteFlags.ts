import { Config } from "effect"
import { DEFAULT_SITE_FLAGS, type SiteFlags } from "../../domain/order/agreements.ts"

/**
 * The site's config flags (spec §9), from the environment with the spec's values as defaults (server README):
 * TERMS_REQUIRED (true), TERMS_CONFIRMED_BY_DEFAULT (false), MOBILE_VERIFICATION (false),
 * EMAIL_VERIFICATION (false), SAVE_CARD (false), MAILING_DEFAULT (false). `/api/config` serves them to the
 * browser and the commit checks the same values, so the two cannot disagree.
 */
const flag = (name: string, fallback: boolean) => Config.Boolean(name).pipe(Config.withDefault(fallback))

export const SiteFlagsConfig: Config.Config<SiteFlags> = Config.all({
  termsRequired: flag("TERMS_REQUIRED", DEFAULT_SITE_FLAGS.termsRequired),
  termsConfirmedByDefault: flag("TERMS_CONFIRMED_BY_DEFAULT", DEFAULT_SITE_FLAGS.termsConfirmedByDefault),
  mobileVerification: flag("MOBILE_VERIFICATION", DEFAULT_SITE_FLAGS.mobileVerification),
  emailVerification: flag("EMAIL_VERIFICATION", DEFAULT_SITE_FLAGS.emailVerification),
  saveCard: flag("SAVE_CARD", DEFAULT_SITE_FLAGS.saveCard),
  mailingDefault: flag("MAILING_DEFAULT", DEFAULT_SITE_FLAGS.mailingDefault),
})
