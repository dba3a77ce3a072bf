import { ConfigProvider, Effect } from "effect"
import { describe, expect, it } from "vitest"
import { publicUrlConfig } from "../../../src/server/config/publicUrl.ts"

const read = (env: Record<string, string>) =>
  Effect.runSync(
    Effect.result(
      publicUrlConfig.pipe(Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(env)))),
    ),
  )

describe("the address in messages' links", () => {
  it("is PUBLIC_URL when it is set", () => {
    const url = read({ PUBLIC_URL: "https://tickets.example.co.il/", PORT: "8080" })
    expect(url._tag === "Success" && url.success.href).toBe("https://tickets.example.co.il/")
  })

  it("follows the port the server listens on when PUBLIC_URL is unset", () => {
    const url = read({ PORT: "4310" })
    expect(url._tag === "Success" && url.success.href).toBe("http://localhost:4310/")
    const plain = read({})
    expect(plain._tag === "Success" && plain.success.href).toBe("http://localhost:3000/")
  })

  it("refuses an invalid PUBLIC_URL instead of falling back", () => {
    expect(read({ PUBLIC_URL: "not a url", PORT: "4310" })._tag).toBe("Failure")
  })
})
