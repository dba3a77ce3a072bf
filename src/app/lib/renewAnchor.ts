/**
 * The address's anchor for one member to renew in the membership shop (`/memberships#renew-<member>`): the
 * customer area's "Renew" link lands on it, and the shop's list of the buyer's own members carries it. Here, not in
 * either feature, so neither imports the other.
 */
export const renewAnchor = (memberNumber: string) => `renew-${memberNumber}`
