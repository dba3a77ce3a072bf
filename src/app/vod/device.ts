/**
 * Spec §8, video on demand: "unsupported browser or device (phones, tablets, Safari)". Read from what the browser
 * says of itself: a phone or tablet (a mobile user agent, or an iPad that calls itself a Mac but has a touch
 * screen) or Safari (WebKit without a Chromium, Firefox or Edge name; every browser on an iPhone is WebKit too,
 * and is caught as a phone). Our choice for everything else (desktop Chromium, Firefox, Edge): supported.
 */
export interface DeviceFacts {
  readonly userAgent: string
  /** `navigator.maxTouchPoints`: an iPad on iPadOS 13+ reports a Mac user agent with touch */
  readonly maxTouchPoints: number
}

export const isPhoneOrTablet = ({ userAgent, maxTouchPoints }: DeviceFacts): boolean =>
  /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|Opera Mini|IEMobile/i.test(userAgent) ||
  (/Macintosh/.test(userAgent) && maxTouchPoints > 1)

export const isSafari = ({ userAgent }: DeviceFacts): boolean =>
  /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS|FxiOS|Edg\/|OPR\//.test(userAgent)

export const vodUnsupported = (facts: DeviceFacts): boolean => isPhoneOrTablet(facts) || isSafari(facts)

/** This browser's facts (none on the server's side of a test: supported). */
export const thisDevice = (): DeviceFacts =>
  typeof navigator === "undefined"
    ? { userAgent: "", maxTouchPoints: 0 }
    : { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 }
