import { useId } from "react"
import { useT } from "../i18n/useI18n.ts"
import type { Option } from "./filterPresentations.ts"
import type { WhatsOnSearch } from "./search.ts"

type Props = {
  readonly locations: ReadonlyArray<Option>
  readonly features: ReadonlyArray<Option>
  readonly value: WhatsOnSearch
  readonly onChange: (next: WhatsOnSearch) => void
}

const toId = (raw: string): number | undefined => (raw === "" ? undefined : Number(raw))

export const WhatsOnFilters = ({ locations, features, value, onChange }: Props) => {
  const t = useT()
  const locationId = useId()
  const featureId = useId()
  const filtered = value.location !== undefined || value.feature !== undefined
  return (
    <form className="filters" aria-label={t("whatsOn.filters")} onSubmit={(event) => event.preventDefault()}>
      <div className="filters__field">
        <label htmlFor={locationId}>{t("whatsOn.location")}</label>
        <select
          id={locationId}
          value={value.location ?? ""}
          onChange={(event) => onChange({ ...value, location: toId(event.currentTarget.value) })}
        >
          <option value="">{t("whatsOn.allLocations")}</option>
          {locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>
      </div>
      <div className="filters__field">
        <label htmlFor={featureId}>{t("whatsOn.feature")}</label>
        <select
          id={featureId}
          value={value.feature ?? ""}
          onChange={(event) => onChange({ ...value, feature: toId(event.currentTarget.value) })}
        >
          <option value="">{t("whatsOn.allFeatures")}</option>
          {features.map((feature) => (
            <option key={feature.id} value={feature.id}>
              {feature.name}
            </option>
          ))}
        </select>
      </div>
      {filtered && (
        <button type="button" className="button button--ghost filters__clear" onClick={() => onChange({})}>
          {t("whatsOn.clearFilters")}
        </button>
      )}
    </form>
  )
}
