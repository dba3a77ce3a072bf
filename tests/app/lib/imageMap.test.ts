import { JSDOM } from "jsdom"
import { describe, expect, it } from "vitest"
import { imageMapSanitizer } from "../../../src/app/lib/imageMap.ts"

/** The image map allowlist (src/app/lib/imageMap.ts), run in jsdom's parser as the browser runs it in its own. */
const { window } = new JSDOM("<!doctype html><body></body>")
const sanitize = imageMapSanitizer(window as unknown as Parameters<typeof imageMapSanitizer>[0])

/** What the sanitized HTML becomes once it is in a document: its elements and every attribute they kept. */
const parsed = (html: string) => {
  const host = window.document.createElement("div")
  host.innerHTML = sanitize(html)
  return host
}

const attributesOf = (host: Element) =>
  [...host.querySelectorAll("*")].flatMap((element) =>
    [...element.attributes].map((a) => `${element.localName}[${a.name}=${a.value}]`),
  )

const PIXEL = "data:image/png;base64,iVBORw0KGgo="

describe("image map sanitizer", () => {
  it("keeps a real image map whole", () => {
    const map =
      `<img src="/venues/hall-1.png" alt="Hall 1" width="600" height="300" usemap="#hall-1">` +
      `<map name="hall-1"><area shape="rect" coords="0,0,300,150" href="#stalls" alt="Stalls" title="Stalls">` +
      `<area shape="poly" coords="300,0,600,0,600,150" href="https://example.com/balcony" alt="Balcony"></map>`
    const host = parsed(map)
    expect(host.querySelectorAll("area")).toHaveLength(2)
    expect(attributesOf(host)).toEqual([
      "img[src=/venues/hall-1.png]",
      "img[alt=Hall 1]",
      "img[width=600]",
      "img[height=300]",
      "img[usemap=#hall-1]",
      "map[name=hall-1]",
      "area[shape=rect]",
      "area[coords=0,0,300,150]",
      "area[href=#stalls]",
      "area[alt=Stalls]",
      "area[title=Stalls]",
      "area[shape=poly]",
      "area[coords=300,0,600,0,600,150]",
      "area[href=https://example.com/balcony]",
      "area[alt=Balcony]",
    ])
  })

  it("keeps an embedded picture but no other data: address", () => {
    expect(attributesOf(parsed(`<img src="${PIXEL}" alt="hall">`))).toContain(`img[src=${PIXEL}]`)
    for (const src of ["data:text/html,<script>top.__xss=1</script>", " DATA:application/javascript,1"])
      expect(parsed(`<img src="${src}" alt="x">`).querySelector("img")?.hasAttribute("src")).toBe(false)
  })

  it.each([
    "javascript:top.__xss=1",
    " JaVaScRiPt:top.__xss=1",
    "java&#x09;script:top.__xss=1",
    "data:text/html,<script>top.__xss=1</script>",
    `${PIXEL}`,
    "vbscript:msgbox(1)",
  ])("removes the link %s from an area", (href) => {
    const area = parsed(
      `<map name="m"><area shape="rect" coords="0,0,1,1" href="${href}"></map>`,
    ).querySelector("area")
    expect(area).not.toBeNull()
    expect(area?.hasAttribute("href")).toBe(false)
  })

  it.each([
    ['<img src=x onerror="top.__xss=1">', "img[src=x]"],
    ['<svg onload="top.__xss=1"><script>top.__xss=1</script></svg>', ""],
    ['<math><mi><style><img src=x onerror="top.__xss=1"></style></mi></math>', ""],
    ['<base href="https://evil.example/"><form action="https://evil.example/"><input name="x"></form>', ""],
    ['<noscript><p title="</noscript><img src=x onerror=top.__xss=1>">', ""],
    ['<a href="javascript:top.__xss=1">x</a><iframe src="https://evil.example"></iframe>', ""],
    [
      '<area href="#a" target="_blank" style="x" id="cookie" data-x="1" onclick="top.__xss=1">',
      "area[href=#a]",
    ],
    ['<img name="cookie" usemap="javascript:1" src="/a.png">', "img[src=/a.png]"],
  ])("strips %s", (html, kept) => {
    const host = parsed(html)
    const all = attributesOf(host)
    expect(all.join(" ")).toBe(kept)
    expect(host.querySelector("script, svg, math, style, noscript, base, form, input, iframe, a")).toBeNull()
    expect(host.innerHTML).not.toMatch(/\son\w+=/i)
  })

  it("leaves the text of what it removes as text", () => {
    const host = parsed("<p>Stalls <b>left</b></p><script>top.__xss=1</script>")
    expect(host.innerHTML).toBe("Stalls left")
  })
})
