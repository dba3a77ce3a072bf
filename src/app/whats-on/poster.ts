import type { LocaleCode } from "../i18n/locales.ts"

/**
 * A film's poster. The catalogue carries no pictures of features yet, so every film gets the server's drawn
 * placeholder (`GET /api/features/{id}/placeholderImage`, cached by the browser and the service worker); a
 * feature image, once the contract has one, takes its place here.
 */
export const posterSrc = (featureId: number, locale: LocaleCode): string =>
  `/api/features/${featureId}/placeholderImage?lang=${locale}`
