import { createFileRoute } from "@tanstack/react-router"
import { type IntegrationLink, IntegrationPage } from "../../mini-site/IntegrationPage.tsx"

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined

/** A partner's signed link (spec §7 `/integration ?TS, ret, key`). */
export const Route = createFileRoute("/_default/integration")({
  validateSearch: (search: Record<string, unknown>): IntegrationLink => {
    const [TS, ret, key] = [text(search.TS), text(search.ret), text(search.key)]
    return {
      ...(TS === undefined ? {} : { TS }),
      ...(ret === undefined ? {} : { ret }),
      ...(key === undefined ? {} : { key }),
    }
  },
  component: function Integration() {
    return <IntegrationPage link={Route.useSearch()} />
  },
})
