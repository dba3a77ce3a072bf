/**
 * The screens read off the device's own copy (issue 17): the wallet and an e-ticket, which a buyer opens at the
 * door, often with no signal and from a cold start. On these the app's start does only what the screen needs:
 * the persisted query cache (what's on, config: parsing it is the start's largest single cost once a buyer has
 * browsed) is restored when another screen first needs it, and the cart log opens a while after the ticket shows
 * (its chunk and the reconciler's work would compete with the QR codes otherwise).
 */
export const readsDeviceCopy = (pathname: string): boolean =>
  pathname === "/wallet" || pathname.startsWith("/edocument/")
