import { describe, expect, it } from "vitest"
import { vodUnsupported } from "../../../src/app/vod/device.ts"

/** Spec §8: phones, tablets and Safari cannot play video on demand; desktop Chromium, Firefox and Edge can. */
const UA = {
  chromeLinux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  firefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
}

describe("where video on demand plays", () => {
  it("plays on desktop Chromium, Edge and Firefox", () => {
    for (const ua of [UA.chromeLinux, UA.edge, UA.firefox])
      expect(vodUnsupported({ userAgent: ua, maxTouchPoints: 0 }), ua).toBe(false)
  })

  it("refuses Safari, phones and tablets, an iPad posing as a Mac included", () => {
    for (const ua of [UA.safariMac, UA.iphone, UA.chromeIphone, UA.android, UA.androidTablet])
      expect(vodUnsupported({ userAgent: ua, maxTouchPoints: 0 }), ua).toBe(true)
    const iPadAsMac = UA.safariMac.replace("Version/18.1 Safari", "Version/18.1 Safari")
    expect(vodUnsupported({ userAgent: iPadAsMac, maxTouchPoints: 5 })).toBe(true)
  })
})
