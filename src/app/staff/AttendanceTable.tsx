import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { useT } from "../i18n/useI18n.ts"

export interface AttendanceLine {
  readonly key: string
  readonly name: ReactNode
  /** where the row drills to; none for the last level */
  readonly to?: { readonly to: string; readonly params: Record<string, string> }
  readonly sold: number
  readonly held: number
  readonly capacity: number
  readonly soldPercent: number
  readonly heldPercent: number
  readonly takenRatio: number
  readonly highlight?: boolean
}

/**
 * Rows of attendance as a reader wants them: the name (a link one level down), sold and held with their
 * percentages, capacity and the seat-taken ratio as the server computed them (spec §9; never recomputed here).
 */
export const AttendanceTable = ({
  caption,
  nameHeader,
  lines,
  lang,
}: {
  readonly caption: string
  readonly nameHeader: string
  readonly lines: ReadonlyArray<AttendanceLine>
  readonly lang: string
}) => {
  const t = useT()
  return (
    <div className="live-table__wrap">
      <table className="live-table">
        <caption className="live-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col">{t("staff.attendance.sold")}</th>
            <th scope="col">{t("staff.attendance.held")}</th>
            <th scope="col">{t("staff.attendance.capacity")}</th>
            <th scope="col">{t("staff.attendance.taken")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} className={line.highlight === true ? "live-table__row--highlight" : undefined}>
              <th scope="row">
                {line.to === undefined ? (
                  line.name
                ) : (
                  <Link
                    to={line.to.to}
                    params={line.to.params}
                    search={{ lang }}
                    className="live-table__link"
                  >
                    {line.name}
                  </Link>
                )}
              </th>
              <td>
                {line.sold} <span className="live-table__pct">({line.soldPercent}%)</span>
              </td>
              <td>
                {line.held} <span className="live-table__pct">({line.heldPercent}%)</span>
              </td>
              <td>{line.capacity}</td>
              <td>
                <span className="live-table__ratio">{line.takenRatio.toFixed(3)}</span>
                <span className="live-table__bar" aria-hidden="true">
                  <span
                    style={{ inlineSize: `${Math.min(100, line.soldPercent)}%` }}
                    className="live-table__sold"
                  />
                  <span
                    style={{
                      inlineSize: `${Math.min(100 - Math.min(100, line.soldPercent), line.heldPercent)}%`,
                    }}
                    className="live-table__held"
                  />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
