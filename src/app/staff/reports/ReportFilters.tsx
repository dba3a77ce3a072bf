import { useId } from "react"
import type { CinemaFilterData } from "../../../api/StaffApi.ts"
import { useT } from "../../i18n/useI18n.ts"

export interface FilterValues {
  readonly from: string
  readonly to: string
  readonly locationId?: number | undefined
  readonly featureId?: number | undefined
}

/**
 * Spec §2: reports filter by location, date and feature. The dates are a range (at most two months, as the server
 * allows); the choices of cinema and film are those of the staff member's own businesses (getCinemaFilterData).
 */
export const ReportFilters = ({
  values,
  options,
  onChange,
}: {
  readonly values: FilterValues
  readonly options: CinemaFilterData | undefined
  readonly onChange: (patch: Partial<FilterValues>) => void
}) => {
  const t = useT()
  const id = useId()
  return (
    <fieldset className="report-filters">
      <legend className="report-filters__legend">{t("staffReports.filters")}</legend>
      <label className="report__control" htmlFor={`${id}-from`}>
        <span>{t("staffReports.from")}</span>
        <input
          id={`${id}-from`}
          type="date"
          value={values.from}
          max={values.to}
          onChange={(event) => event.target.value !== "" && onChange({ from: event.target.value })}
        />
      </label>
      <label className="report__control" htmlFor={`${id}-to`}>
        <span>{t("staffReports.to")}</span>
        <input
          id={`${id}-to`}
          type="date"
          value={values.to}
          min={values.from}
          onChange={(event) => event.target.value !== "" && onChange({ to: event.target.value })}
        />
      </label>
      <label className="report__control" htmlFor={`${id}-location`}>
        <span>{t("staffReports.location")}</span>
        <select
          id={`${id}-location`}
          value={values.locationId ?? ""}
          onChange={(event) =>
            onChange({ locationId: event.target.value === "" ? undefined : Number(event.target.value) })
          }
        >
          <option value="">{t("staff.attendance.allCinemas")}</option>
          {(options?.locations ?? []).map((location) => (
            <option key={location.LocationId} value={location.LocationId}>
              {location.Name}
            </option>
          ))}
        </select>
      </label>
      <label className="report__control" htmlFor={`${id}-feature`}>
        <span>{t("staffReports.feature")}</span>
        <select
          id={`${id}-feature`}
          value={values.featureId ?? ""}
          onChange={(event) =>
            onChange({ featureId: event.target.value === "" ? undefined : Number(event.target.value) })
          }
        >
          <option value="">{t("staffReports.allFeatures")}</option>
          {(options?.features ?? []).map((feature) => (
            <option key={feature.FeatureId} value={feature.FeatureId}>
              {feature.Name}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  )
}
