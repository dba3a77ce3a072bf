import type { RunningServer } from "../../_support/testServer.ts"

/**
 * What "nothing changed" means for the fuzzer: an md5 of every row of every table of the schema, table by table.
 * Left out, each for its reason (nothing else is):
 */
export const UNCHECKED_TABLES: Readonly<Record<string, string>> = {
  // abuse limits count refused attempts too: that is their job (issue 20, Defences)
  rate_limits: "counts every attempt, refused ones included",
}

/** Columns left out of a table's checksum, each for its reason. */
export const UNCHECKED_COLUMNS: Readonly<Record<string, ReadonlyArray<string>>> = {
  // a live cart's idle lapse slides forward whenever its token is used, refused calls included (CartTokens.touch)
  carts: ["expires_at"],
}

export type Checksums = Readonly<Record<string, string>>

export const checksums = async (server: RunningServer): Promise<Checksums> => {
  const tables = (
    await server.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !(name in UNCHECKED_TABLES))
  const statement = tables
    .map((name) => {
      const left = UNCHECKED_COLUMNS[name]
      const row =
        left === undefined
          ? "t::text"
          : `(to_jsonb(t) - ARRAY[${left.map((c) => `'${c}'`).join(", ")}])::text`
      return `SELECT '${name}' AS name, md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS sum FROM "${name}" t`
    })
    .join(" UNION ALL ")
  const rows = await server.query<{ name: string; sum: string }>(statement)
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]))
}

/** The tables whose checksum differs. */
export const changedTables = (before: Checksums, after: Checksums): ReadonlyArray<string> =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => before[name] !== after[name])
