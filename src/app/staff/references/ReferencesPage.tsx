import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useId, useState } from "react"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { LiveStatus } from "../LiveStatus.tsx"
import { useLiveTitle } from "../useLiveTitle.ts"
import { useSignedOut } from "../useSignedOut.ts"
import { QuantityEditor } from "./QuantityEditor.tsx"
import { agentsQuery, referenceSalesQuery, referencesQuery, type SalesFilter } from "./referenceQueries.ts"
import { SalesTable } from "./SalesTable.tsx"
import "./references.css"

/**
 * Ticket-reference administration (spec §2, §7): the agents, their references with the quantity editable in place,
 * and the references' ticket sales (by default last month, by purchase date, one row per order: spec §9).
 */
export const ReferencesPage = () => {
  const t = useT()
  const lang = useLocale()
  const id = useId()
  const [agent, setAgent] = useState<number | undefined>(undefined)
  const [filter, setFilter] = useState<SalesFilter>({ dateType: "2", detailLevel: "1" })
  const agents = useQuery(agentsQuery(lang))
  const list = useQuery(referencesQuery(agent, lang))
  const sales = useQuery(referenceSalesQuery({ ...filter, customerId: agent }, lang))
  useSignedOut(list.error ?? sales.error ?? agents.error)
  useLiveTitle(t("staffRefs.title"), t("staff.appName"))
  const range = {
    from: filter.from ?? sales.data?.startDate ?? "",
    to: filter.to ?? sales.data?.endDate ?? "",
  }
  return (
    <section className="live-screen">
      <h1 className="live-screen__title">{t("staffRefs.title")}</h1>
      <LiveStatus updatedAt={list.dataUpdatedAt} failed={list.isError} />
      <label className="report__control" htmlFor={`${id}-agent`}>
        <span>{t("staffRefs.agent")}</span>
        <select
          id={`${id}-agent`}
          value={agent ?? ""}
          onChange={(event) => setAgent(event.target.value === "" ? undefined : Number(event.target.value))}
        >
          <option value="">{t("staffRefs.allAgents")}</option>
          {(agents.data?.agents ?? []).map((a) => (
            <option key={a.CustomerId} value={a.CustomerId}>
              {a.Name}
            </option>
          ))}
        </select>
      </label>
      {list.data === undefined ? (
        <p className="live-screen__note">{list.isPending ? t("staff.loading") : t("staff.fetchError")}</p>
      ) : list.data.rows.length === 0 ? (
        <p className="live-screen__note">{t("staffRefs.none")}</p>
      ) : (
        <div className="live-table__wrap">
          <table className="live-table refs__table">
            <caption className="live-table__caption">{t("staffRefs.list")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("staffRefs.reference")}</th>
                <th scope="col">{t("staffRefs.ticket")}</th>
                <th scope="col">{t("staffRefs.quantity")}</th>
                <th scope="col">{t("staffRefs.used")}</th>
                <th scope="col">{t("staffRefs.left")}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((row) => (
                <tr key={row.PriceRowId}>
                  <td className="refs__name">
                    <Link
                      to="/PRES-live/references/$priceRowId"
                      params={{ priceRowId: String(row.PriceRowId) }}
                      search={{ lang }}
                      className="live-table__link"
                    >
                      {row.Reference1}
                    </Link>
                    {row.AgentName === null ? null : <span className="refs__agent">{row.AgentName}</span>}
                  </td>
                  <td>{row.TicketName}</td>
                  <td>
                    <QuantityEditor
                      key={row.PriceRowId}
                      option={row}
                      label={t("staffRefs.quantityOf", { reference: row.Reference1, ticket: row.TicketName })}
                    />
                  </td>
                  <td>{row.Used}</td>
                  <td>{row.Left}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="report__heading">{t("staffRefs.sales")}</h2>
      <fieldset className="report-filters">
        <legend className="report-filters__legend">{t("staffReports.filters")}</legend>
        <label className="report__control" htmlFor={`${id}-from`}>
          <span>{t("staffReports.from")}</span>
          <input
            id={`${id}-from`}
            type="date"
            value={range.from}
            onChange={(e) =>
              e.target.value !== "" && setFilter({ ...filter, from: e.target.value, to: range.to })
            }
          />
        </label>
        <label className="report__control" htmlFor={`${id}-to`}>
          <span>{t("staffReports.to")}</span>
          <input
            id={`${id}-to`}
            type="date"
            value={range.to}
            onChange={(e) =>
              e.target.value !== "" && setFilter({ ...filter, from: range.from, to: e.target.value })
            }
          />
        </label>
        <label className="report__control" htmlFor={`${id}-type`}>
          <span>{t("staffRefs.dateType")}</span>
          <select
            id={`${id}-type`}
            value={filter.dateType}
            onChange={(e) => setFilter({ ...filter, dateType: e.target.value === "1" ? "1" : "2" })}
          >
            <option value="2">{t("staffRefs.byPurchase")}</option>
            <option value="1">{t("staffRefs.byShow")}</option>
          </select>
        </label>
        <label className="report__control" htmlFor={`${id}-detail`}>
          <span>{t("staffRefs.detailLevel")}</span>
          <select
            id={`${id}-detail`}
            value={filter.detailLevel}
            onChange={(e) => setFilter({ ...filter, detailLevel: e.target.value === "0" ? "0" : "1" })}
          >
            <option value="1">{t("staffRefs.perOrder")}</option>
            <option value="0">{t("staffRefs.perShowing")}</option>
          </select>
        </label>
      </fieldset>
      {sales.isError ? <p className="live-status__warn">{t("staff.fetchError")}</p> : null}
      {sales.data === undefined ? null : (
        <SalesTable rows={sales.data.rows} caption={t("staffRefs.sales")} canSend={false} />
      )}
    </section>
  )
}
