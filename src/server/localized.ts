import type { Statement } from "effect/sql"
import type { SqlClient } from "effect/sql/SqlClient"
import type { LocaleCode } from "../api/shared.ts"

/** The locale asked for, then English (the spec's fallback), then Hebrew (every name has one). */
export const localized = (sql: SqlClient, column: string, lang: LocaleCode): Statement.Fragment =>
  sql`coalesce(${sql(column)}->>${lang}, ${sql(column)}->>'en', ${sql(column)}->>'he', '')`
