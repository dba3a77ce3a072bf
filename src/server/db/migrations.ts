import catalogue from "./migrations/0001_catalogue.ts"

/**
 * Every migration, keyed `<id>_<name>`, run once in id order by `Migrator.fromRecord`.
 * Never edit a migration that has shipped: add a new one.
 */
export const migrations = {
  "0001_catalogue": catalogue,
}
