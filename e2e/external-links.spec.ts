import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { expect, test } from "./fixtures.ts"
import { shot } from "./order-journeys.ts"
import { screenshotsWanted } from "./screenshots.ts"

/**
 * Issue 19, routes: a `/http…` link to a host the server does not send anyone to stays on our site, on a page that
 * names the real host. (Allowed hosts are redirected by the server: tests/server/http/clientApp.integration.test.ts;
 * this browser has no way out to follow one.)
 */
const tricks = [
  { path: "/https://evil.example/", host: "evil.example" },
  { path: "/https://www.youtube.com@evil.example/", host: "evil.example" },
  { path: "/https://www.youtube.com.evil.example/", host: "www.youtube.com.evil.example" },
  { path: "/http:%2F%2Fevil.example", host: "evil.example" },
] as const

test("a link off the site to another host stays here and names where it leads, in Hebrew and English", async ({
  page,
  baseURL,
}, testInfo) => {
  // the server decides, whatever the viewport: one project, both in a screenshot run (SCREENSHOTS)
  test.skip(!screenshotsWanted && testInfo.project.name !== "phone", "one viewport is enough")
  const origin = new URL(baseURL ?? "").origin
  for (const { path, host } of tricks) {
    await page.goto(path)
    await expect(page.getByTestId("leaving-host"), path).toHaveText(host)
    expect(new URL(page.url()).origin, path).toBe(origin)
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(he.errors.leaving.title)
  }
  const link = page.getByRole("link", {
    name: he.errors.leaving.continue.replace("{{host}}", "evil.example"),
  })
  await expect(link).toHaveAttribute("href", "http://evil.example/")
  await expect(link).toHaveAttribute("rel", /noreferrer/)
  await shot(page, "leaving-site-he", testInfo.project.name)

  await page.goto(`/leaving?${new URLSearchParams({ to: "https://evil.example/", lang: "en" })}`)
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.errors.leaving.title)
  await shot(page, "leaving-site-en", testInfo.project.name)

  // what cannot be read safely is no link at all, also when it is handed to the interstitial itself
  for (const path of [
    "/https:%5C%5Cevil.example",
    `/leaving?${new URLSearchParams({ to: "javascript:alert(1)" })}`,
  ]) {
    await page.goto(path)
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(he.errors.notFound)
    await expect(page.getByTestId("leaving-site")).toHaveCount(0)
  }
})
