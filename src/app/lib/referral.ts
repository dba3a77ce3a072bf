/**
 * Where this tab's buyer came from (issue 19): a partner's mini-site (the partner, the showings it offers and the
 * reference the buyer had checked there) or a partner's integration link (its id). Kept in sessionStorage, so it
 * lasts the tab's order and no longer. The server checks every value it is sent (src/server/miniSite/README.md);
 * this only remembers what to send.
 */
export interface PartnerVisit {
  readonly url: string
  readonly id: number
  readonly presentationIds: ReadonlyArray<number>
  readonly reference?: { readonly ticketId: number; readonly reference1: string; readonly reference2: string }
}

export interface Referral {
  readonly partner?: PartnerVisit
  readonly integrationId?: string
}

const KEY = "marquee.referral"

const read = (): Referral => {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY)
    return raw === null || raw === undefined ? {} : (JSON.parse(raw) as Referral)
  } catch {
    return {}
  }
}

const write = (referral: Referral) => {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(referral))
  } catch {
    // storage refused (private mode, full): the order goes on as the chain's own
  }
}

export const rememberPartner = (partner: PartnerVisit) => write({ ...read(), partner })
export const rememberIntegration = (integrationId: string) => write({ ...read(), integrationId })

/** The partner whose site this showing's order goes through, if the buyer came from one that offers it. */
export const partnerFor = (presentationId: number): PartnerVisit | undefined => {
  const partner = read().partner
  return partner?.presentationIds.includes(presentationId) === true ? partner : undefined
}

/** What the presentation, ticket-group, ticket and commit calls carry for this showing (spec §7). */
export const referralParams = (
  presentationId: number,
): { readonly miniSiteUrl?: string; readonly integrationId?: string } => {
  const partner = partnerFor(presentationId)
  const integrationId = read().integrationId
  return {
    ...(partner === undefined ? {} : { miniSiteUrl: partner.url }),
    ...(integrationId === undefined ? {} : { integrationId }),
  }
}
