/**
 * QR codes already encoded, by their text: encoding is the costly part of drawing one (uqr scores all eight
 * masks: ~10–30 ms a code on a phone, more than the rest of the e-ticket's render), so each code's modules are
 * kept in memory and, with the wallet's copy, on the device (savedDocuments.ts): a cold start offline draws its
 * tickets' codes without encoding them again. Apart from src/app/edocument/qrImage.ts so that the wallet, which
 * only hands modules on, does not load the encoder.
 *
 * Modules are written row after row, `1` dark and `0` light, the border included: `size²` characters.
 */
const modulesByText = new Map<string, string>()

export const knownQrModules = (text: string): string | undefined => modulesByText.get(text)

/** Anything not a square of 0s and 1s (a damaged copy) is ignored: the code is then encoded again. */
export const rememberQrModules = (text: string, modules: string): void => {
  const size = Math.sqrt(modules.length)
  if (Number.isInteger(size) && size > 0 && /^[01]+$/.test(modules)) modulesByText.set(text, modules)
}
