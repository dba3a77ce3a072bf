import { createHash } from "node:crypto"
import { hashSync } from "@node-rs/argon2"

/**
 * The demo customer's sign-in details (README "Sign in to the customer area as the demo customer"); the ID number
 * is `DEMO_MEMBER_SSN` of codes.ts. Demo data only: anyone who reads this file can sign in as her.
 */
export const DEMO_CUSTOMER_EMAIL = "demo.member@marquee.example"
export const DEMO_CUSTOMER_PASSWORD = "marquee-demo-2026"
export const DEMO_CUSTOMER_MOBILE = "0521234567"

/** Argon2id with a salt derived from the e-mail, so the same seed writes the same row (a live hash is salted at random). */
export const demoPasswordHash = (): string =>
  hashSync(DEMO_CUSTOMER_PASSWORD, {
    salt: createHash("sha256").update(`marquee demo salt ${DEMO_CUSTOMER_EMAIL}`).digest().subarray(0, 16),
  })
