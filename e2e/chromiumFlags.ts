/**
 * How the journeys (playwright.config.ts) and the browser benchmarks start Debian's Chromium: headless, never a
 * downloaded browser, WebGL through SwiftShader.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--enable-unsafe-swiftshader",
]

/**
 * The features the installed Playwright turns off in every Chromium it starts (playwright-core's
 * `disabledFeatures`). Chromium reads only the last `--disable-features` of its command line, so a launch that
 * adds one of its own must repeat these; tests/scripts/chromiumFlags.test.ts fails when a Playwright upgrade
 * changes the list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
] as const

/**
 * Chromium 156 (Debian's, in its new headless mode) loads its address bar's popup, two WebUI pages at
 * chrome://omnibox-popup.top-chrome, in a renderer of its own for every window, and Playwright opens a window per
 * browser context, so per journey. No headless journey ever shows that popup; on this 2-core machine it cost
 * 1.6–1.8 s of CPU per context beside the page's own ~3.5 s (per page of what's on, five alternating runs:
 * 5.7–6.3 s with it, 3.4–3.7 s without), a third of the browser's share of `npm test`.
 */
const UNUSED_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"] as const

/**
 * The journeys' Chromium: {@link CHROMIUM_ARGS} without the browser UI that a headless page never opens.
 *
 * Measured and not kept (issue 13, Nov 2026; the machine shared, load average 18–40). Where the journeys' Chromium
 * CPU goes, 19 journeys under `CI=true`: renderers 55 %, the browser process 30 % (most likely serving Playwright's
 * protocol), the GPU process 9 %, the network service 5 %. None of these changed it beyond the noise:
 * `--disable-gpu-rasterization` (against Debian's launcher's `--enable-gpu-rasterization`: GPU process 7.1 against
 * 7.2 CPU-s, 80.3 against 79.4 in all, the same period), `--disable-gpu-compositing`, `--js-flags=--no-maglev`
 * with or without `--no-turbofan`, and more `--disable-features` (Translate, AutofillServerCommunication,
 * CertificateTransparencyComponentUpdater, SpareRendererForSitePerProcess, OptimizationHintsFetching…): six
 * alternating rounds of a browser started for one phone context that loads four pages: 4.2 CPU-s as is (mean),
 * 4.3–4.6 with each.
 * What does cost is a recorded trace: 6.3 CPU-s against 3.5 (six other alternating rounds), so under CI only a retry
 * records one (playwright.config.ts `trace`).
 */
export const JOURNEY_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(",")}`,
]
