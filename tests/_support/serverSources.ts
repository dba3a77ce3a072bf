import { readdirSync } from "node:fs"
import { join, relative } from "node:path"

/** src/server, for tests that read the server's own source as text (rules no type can state). */
export const SERVER_SOURCES = join(import.meta.dirname, "../../src/server")

/** Every `.ts` file under `dir`, as full paths. */
export const tsFilesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? tsFilesUnder(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  )

/** The server's `.ts` files, named from src/server with forward slashes (`db/migrations/0001_catalogue.ts`). */
export const serverSourceNames = (): ReadonlyArray<string> =>
  tsFilesUnder(SERVER_SOURCES).map((file) => relative(SERVER_SOURCES, file).split("\\").join("/"))
