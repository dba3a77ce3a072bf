import type { AdditionalTerm } from "./customerInfo.ts"

/**
 * What the buyer must agree to before an order is committed (spec §5, §9): the terms of purchase when the site
 * requires them, and each additional term the order type's form includes as required (SUMMER_PROMO on a normal
 * order, not on video on demand). The pay step and the server's commit both decide with these functions.
 */

/** The site's config flags (spec §9 "Config flags"), as `/api/config` serves them. */
export interface SiteFlags {
  readonly termsRequired: boolean
  readonly termsConfirmedByDefault: boolean
  readonly mobileVerification: boolean
  readonly emailVerification: boolean
  readonly saveCard: boolean
  readonly mailingDefault: boolean
}

/** Spec §9: terms required, not confirmed by default, verification off, saving card off, mailing off. */
export const DEFAULT_SITE_FLAGS: SiteFlags = {
  termsRequired: true,
  termsConfirmedByDefault: false,
  mobileVerification: false,
  emailVerification: false,
  saveCard: false,
  mailingDefault: false,
}

/** Whether the terms checkbox starts ticked. */
export const termsStartTicked = (flags: SiteFlags): boolean => flags.termsConfirmedByDefault

/** Whether an order may go on as far as the terms of purchase are concerned. */
export const termsSatisfied = (flags: Pick<SiteFlags, "termsRequired">, termsAccepted: boolean): boolean =>
  !flags.termsRequired || termsAccepted

/** The codes of the additional terms the buyer must accept on this form. */
export const requiredTermCodes = (terms: ReadonlyArray<AdditionalTerm>): ReadonlyArray<string> =>
  terms.filter((term) => term.isIncluded && term.isRequired).map((term) => term.code)

/** The required additional terms missing from what the buyer accepted (empty: none missing). */
export const missingTerms = (
  terms: ReadonlyArray<AdditionalTerm>,
  accepted: ReadonlyArray<string>,
): ReadonlyArray<string> => requiredTermCodes(terms).filter((code) => !accepted.includes(code))

/** The codes the buyer ticked, as the commit carries them: only terms the form includes, each once. */
export const acceptedTermCodes = (
  terms: ReadonlyArray<AdditionalTerm>,
  ticked: Readonly<Record<string, boolean>>,
): ReadonlyArray<string> =>
  terms.filter((term) => term.isIncluded && ticked[term.code] === true).map((t) => t.code)

/** Whether the buyer's mailing consent starts ticked. */
export const mailingStartsTicked = (flags: SiteFlags): boolean => flags.mailingDefault

/** Whether the pay step may offer to keep the card; the server ignores `saveMagCard` when it may not. */
export const mayOfferSavingCard = (flags: SiteFlags, loggedIn: boolean): boolean => flags.saveCard && loggedIn
