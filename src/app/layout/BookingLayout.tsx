import type { ReactNode } from "react"
import { SiteShell } from "./SiteShell.tsx"

/**
 * The order flows' frame: no footer and no language links, so nothing invites leaving a checkout while seats
 * are held.
 */
export const BookingLayout = ({ children }: { children: ReactNode }) => (
  <SiteShell className="shell shell--booking">{children}</SiteShell>
)
