import { createFileRoute } from "@tanstack/react-router"
import { parsePositiveId } from "../../shop/parsePositiveId.ts"

/** Spec §2 "Membership enrolment": the steps of one membership's season enrolment (a positive id, else 404). */
export const Route = createFileRoute("/_booking/enrol/$membershipId")({
  params: {
    parse: ({ membershipId }) => ({ membershipId: parsePositiveId(membershipId) }),
    stringify: ({ membershipId }) => ({ membershipId: String(membershipId) }),
  },
})
