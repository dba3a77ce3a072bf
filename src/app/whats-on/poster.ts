import type { LocaleCode } from "../i18n/locales.ts"

/**
 * A film's poster: its own picture when the catalogue has one (`GET /api/features/{id}/image`, the demo's drawn at
 * seed time), else the server's drawn placeholder (`GET /api/features/{id}/placeholderImage`) in the page's
 * language. Both are cached by the browser and by the service worker (workers/sw.ts, cache first). The picture's
 * key is in its address, so a new picture is a new address and never an old copy from a cache.
 */
export const posterSrc = (featureId: number, image: string | null | undefined, locale: LocaleCode): string =>
  image === null || image === undefined
    ? `/api/features/${featureId}/placeholderImage?lang=${locale}`
    : `/api/features/${featureId}/image?v=${encodeURIComponent(image)}`
